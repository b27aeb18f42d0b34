/*
 * Charts of the benchmark report. Reads the run data embedded as JSON (#report-data), draws every chart
 * with Chart.js (inlined above this script), and wires the run legend, the percentile selector and the
 * per-chart log-scale switches. Exposes window.ombReport.charts (chart id -> Chart) for tests and sets
 * <body data-charts="ready"> when done.
 */
(function () {
  'use strict';

  const data = JSON.parse(document.getElementById('report-data').textContent);
  const runs = data.runs;
  const singleRun = runs.length === 1;
  const charts = {};
  const hiddenRuns = new Set();
  const state = { percentile: 'p99' };
  window.ombReport = { charts: charts, data: data };

  const DASHED = [6, 4];
  const SINGLE_RUN_STATS = [
    { key: 'p50', color: '#2f6fb3' },
    { key: 'p99', color: '#e8772e' },
    { key: 'p999', color: '#d1495b' },
    { key: 'max', color: '#7c5cbf' }
  ];
  const PERCENTILE_TICKS = [50, 90, 99, 99.9, 99.99, 99.999, 99.9999];

  Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
  Chart.defaults.font.size = 11.5;
  Chart.defaults.color = '#5d6877';
  Chart.defaults.borderColor = '#e8ebf0';

  // ---- numbers -------------------------------------------------------------------------------

  function decimals(value) {
    const magnitude = Math.abs(value);
    return magnitude >= 1000 || value === Math.round(value) ? 0 : magnitude >= 100 ? 1 : magnitude >= 10 ? 2 : 3;
  }

  /** About four significant digits, thousands grouped (as the tables): 1,553 · 4.349 · 0.412. */
  function format(value) {
    if (value === null || value === undefined || !isFinite(value)) {
      return '—';
    }
    const digits = decimals(value);
    return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
  }

  /** For axis ticks: no trailing zeros (0.5, not 0.500). */
  function formatTick(value) {
    return value.toLocaleString('en-US', { maximumFractionDigits: decimals(value) });
  }

  function formatSeconds(seconds, span) {
    if (span <= 120) {
      return formatTick(seconds) + ' s';
    }
    const whole = Math.round(seconds);
    return Math.floor(whole / 60) + ':' + String(whole % 60).padStart(2, '0');
  }

  /** A tick step in seconds that people count in (1 s … 1 h) giving at most 10 ticks over {@code span}. */
  function timeStep(span) {
    const steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400, 43200, 86400];
    return steps.find(function (step) { return span / step <= 10; }) || steps[steps.length - 1];
  }

  function percentileToX(percentile) {
    return Math.log10(100 / (100 - percentile));
  }

  function percentileLabel(percentile) {
    return 'p' + parseFloat(percentile.toPrecision(12));
  }

  function statLabel(key) {
    return data.stats.find(function (stat) { return stat.key === key; }).label;
  }

  // ---- series ----------------------------------------------------------------------------------

  /** Per-period values as points at the end of each period: x in seconds from the measured phase's start. */
  function overTime(values, run, factor) {
    return (values || []).map(function (value, index) {
      return { x: (index + 1) * run.sampleSeconds, y: value === null ? null : value * (factor || 1) };
    });
  }

  function quantilePoints(curve) {
    return (curve || []).map(function (point) {
      return { x: percentileToX(point[0]), y: point[1], p: point[0] };
    });
  }

  /** A series label: what it shows, after the run's label when the report has several runs. */
  function seriesLabel(run, what) {
    return singleRun ? what : run.label + (what ? ' · ' + what : '');
  }

  function dataset(run, runIndex, label, points, options) {
    return Object.assign({
      label: label,
      data: points,
      runIndex: runIndex,
      borderColor: run.color,
      backgroundColor: run.color,
      borderWidth: 1.6,
      pointRadius: points.length === 1 ? 3 : 0,
      pointHoverRadius: 3,
      spanGaps: false
    }, options || {});
  }

  function perRun(build) {
    const datasets = [];
    runs.forEach(function (run, runIndex) {
      build(run, runIndex).forEach(function (ds) {
        if (ds) {
          datasets.push(ds);
        }
      });
    });
    return datasets;
  }

  /** Response time (solid) and latency (dashed) of one direction over time, at the chosen percentile. */
  function latencyOverTime(responseTimeKey, latencyKey) {
    if (singleRun) {
      const run = runs[0];
      const datasets = [];
      SINGLE_RUN_STATS.forEach(function (stat) {
        [[responseTimeKey, 'response time', undefined], [latencyKey, 'latency', DASHED]].forEach(function (kind) {
          const points = overTime(run.overTime[kind[0]][stat.key], run);
          datasets.push(dataset(run, 0, statLabel(stat.key) + ' ' + kind[1], points,
            { borderColor: stat.color, backgroundColor: stat.color, borderDash: kind[2] }));
        });
      });
      return datasets;
    }
    return perRun(function (run, runIndex) {
      return [
        dataset(run, runIndex, seriesLabel(run, 'response time'), overTime(run.overTime[responseTimeKey][state.percentile], run)),
        dataset(run, runIndex, seriesLabel(run, 'latency'), overTime(run.overTime[latencyKey][state.percentile], run),
          { borderDash: DASHED })
      ];
    });
  }

  function latencyQuantiles(responseTimeKey, latencyKey) {
    return perRun(function (run, runIndex) {
      return [
        dataset(run, runIndex, seriesLabel(run, 'response time'), quantilePoints(run.quantiles[responseTimeKey])),
        dataset(run, runIndex, seriesLabel(run, 'latency'), quantilePoints(run.quantiles[latencyKey]), { borderDash: DASHED })
      ];
    });
  }

  // ---- chart definitions -------------------------------------------------------------------------

  const TIME = 'time';
  const QUANTILE = 'quantile';
  const SWEEP = 'sweep';
  const overTimeTitle = function (what) {
    return function () { return what + ' over time, ' + (singleRun ? 'percentiles' : statLabel(state.percentile)); };
  };

  const definitions = [
    {
      id: 'throughput-msgs', axis: TIME, unit: 'msg/s', title: function () { return 'Throughput (msg/s)'; },
      hint: 'Messages acknowledged (publish, solid) and received by all subscriptions (consume, dashed) per second.',
      datasets: function () {
        return perRun(function (run, runIndex) {
          return [
            dataset(run, runIndex, seriesLabel(run, 'publish'), overTime(run.publishRate, run)),
            dataset(run, runIndex, seriesLabel(run, 'consume'), overTime(run.consumeRate, run), { borderDash: DASHED })
          ];
        });
      }
    },
    {
      id: 'throughput-mbs', axis: TIME, unit: 'MB/s', title: function () { return 'Throughput (MB/s)'; },
      hint: 'Rates × message size; MB = 10⁶ bytes. Runs whose file lacks the message size are left out.',
      empty: 'No run in this report records its message size, so its bytes per second are unknown.',
      datasets: function () {
        return perRun(function (run, runIndex) {
          if (run.messageSize === null) {
            return [];
          }
          const factor = run.messageSize / 1e6;
          return [
            dataset(run, runIndex, seriesLabel(run, 'publish'), overTime(run.publishRate, run, factor)),
            dataset(run, runIndex, seriesLabel(run, 'consume'), overTime(run.consumeRate, run, factor), { borderDash: DASHED })
          ];
        });
      }
    },
    {
      id: 'publish-quantiles', axis: QUANTILE, unit: 'ms', log: true,
      title: function () { return 'Publish latency by percentile'; },
      hint: 'Over the whole measured phase. Solid: response time (acked − intended); dashed: latency (acked − sent).',
      datasets: function () { return latencyQuantiles('publishResponseTime', 'publishLatency'); }
    },
    {
      id: 'e2e-quantiles', axis: QUANTILE, unit: 'ms', log: true,
      title: function () { return 'End-to-end latency by percentile'; },
      hint: 'Over the whole measured phase. Solid: response time (received − intended); dashed: latency (received − sent).',
      datasets: function () { return latencyQuantiles('endToEndResponseTime', 'endToEndLatency'); }
    },
    {
      id: 'publish-over-time', axis: TIME, unit: 'ms', byPercentile: true, log: singleRun,
      title: overTimeTitle('Publish latency'),
      hint: 'Per sample period. Solid: response time; dashed: latency (service time).',
      datasets: function () { return latencyOverTime('publishResponseTime', 'publishLatency'); }
    },
    {
      id: 'e2e-over-time', axis: TIME, unit: 'ms', byPercentile: true, log: singleRun,
      title: overTimeTitle('End-to-end latency'),
      hint: 'Per sample period. Solid: response time; dashed: latency (from the actual send).',
      datasets: function () { return latencyOverTime('endToEndResponseTime', 'endToEndLatency'); }
    },
    {
      id: 'backlog', axis: TIME, unit: 'messages', title: function () { return 'Backlog'; },
      hint: 'Messages sent but not yet received at the end of each period, counted once per subscription.',
      datasets: function () {
        return perRun(function (run, runIndex) {
          return [dataset(run, runIndex, seriesLabel(run, singleRun ? 'backlog' : ''), overTime(run.backlog, run))];
        });
      }
    },
    {
      id: 'publish-delay', axis: TIME, unit: 'ms', byPercentile: true, log: singleRun,
      title: overTimeTitle('Publish delay'),
      hint: 'How late the generator sent (sent − intended): client back-pressure or an overloaded producer.',
      datasets: function () {
        if (singleRun) {
          const run = runs[0];
          return SINGLE_RUN_STATS.map(function (stat) {
            return dataset(run, 0, statLabel(stat.key), overTime(run.overTime.publishDelayLatency[stat.key], run),
              { borderColor: stat.color, backgroundColor: stat.color });
          });
        }
        return perRun(function (run, runIndex) {
          return [dataset(run, runIndex, seriesLabel(run, ''), overTime(run.overTime.publishDelayLatency[state.percentile], run))];
        });
      }
    }
  ];

  // ---- sweeps (bin/benchmark sweep): throughput against latency and against the swept parameter --------

  /** A sweep dataset: not tied to a run of the legend (runIndex null), points marked, unstable steps crossed. */
  function sweepDataset(label, color, points, options) {
    return Object.assign({
      label: label,
      data: points,
      runIndex: null,
      borderColor: color,
      backgroundColor: color,
      borderWidth: 1.6,
      pointRadius: points.map(function (point) { return point.stable === false ? 6 : 3.5; }),
      pointStyle: points.map(function (point) { return point.stable === false ? 'crossRot' : 'circle'; }),
      pointHoverRadius: 6,
      spanGaps: true
    }, options || {});
  }

  function sweepPoints(steps, xKey, yKey) {
    return steps.filter(function (step) { return step[xKey] !== null && step[yKey] !== null; })
      .map(function (step) { return { x: step[xKey], y: step[yKey], stable: step.stable }; })
      .sort(function (a, b) { return a.x - b.x; });
  }

  (data.sweeps || []).forEach(function (sweep, index) {
    const container = 'sweep-' + index + '-charts';
    definitions.push({
      id: 'sweep-' + index + '-latency', axis: SWEEP, unit: 'ms', log: true, container: container, legend: true,
      xTitle: 'achieved publish rate (msg/s)',
      title: function () { return sweep.title + ': p99 latency against throughput'; },
      hint: 'One point per step, at its achieved publish rate. Solid: publish response time; dashed: end-to-end'
        + ' response time; × marks a step that was not stable.',
      datasets: function () {
        const datasets = [];
        sweep.drivers.forEach(function (driver) {
          datasets.push(sweepDataset(driver.driver + ' · publish p99', driver.color,
            sweepPoints(driver.steps, 'publishRate', 'publishP99')));
          datasets.push(sweepDataset(driver.driver + ' · end-to-end p99', driver.color,
            sweepPoints(driver.steps, 'publishRate', 'e2eP99'), { borderDash: DASHED }));
        });
        return datasets;
      }
    });
    definitions.push({
      id: 'sweep-' + index + '-throughput', axis: SWEEP, unit: 'msg/s', container: container, legend: true,
      logX: sweep.logX, xTitle: sweep.parameter + ' (' + sweep.unit + ')',
      title: function () { return sweep.title + ': throughput against ' + sweep.parameter; },
      hint: sweep.rateSweep
        ? 'Achieved publish rate per step against its target; the grey line is the target itself.'
        : 'Achieved publish rate per step; dashed: the least-squares model with the smallest residual error.',
      datasets: function () {
        const datasets = [];
        sweep.drivers.forEach(function (driver) {
          datasets.push(sweepDataset(driver.driver, driver.color, sweepPoints(driver.steps, 'value', 'publishRate')));
          if (driver.fit) {
            datasets.push(sweepDataset(driver.driver + ' · fit ' + driver.fit.text, driver.color,
              driver.fit.curve.map(function (point) { return { x: point[0], y: point[1] }; }),
              { borderDash: DASHED, pointRadius: 0, pointStyle: 'circle', isFit: true }));
          }
        });
        if (sweep.rateSweep) {
          const targets = sweep.drivers.length ? sweepPoints(sweep.drivers[0].steps, 'value', 'target') : [];
          datasets.push(sweepDataset('target', '#9aa3af',
            targets.map(function (point) { return { x: point.x, y: point.y }; }),
            { borderDash: [2, 3], pointRadius: 0, pointStyle: 'circle' }));
        }
        return datasets;
      }
    });
  });

  // ---- drawing -----------------------------------------------------------------------------------

  function hasPoints(datasets) {
    return datasets.some(function (ds) {
      return ds.data.some(function (point) { return point.y !== null && isFinite(point.y); });
    });
  }

  /** Datasets as drawn: hidden runs hidden, values a log axis cannot place (≤ 0) left out. */
  function prepared(definition, logScale) {
    return definition.datasets().map(function (ds) {
      ds.hidden = hiddenRuns.has(ds.runIndex);
      if (logScale) {
        ds.data = ds.data.map(function (point) {
          return point.y !== null && point.y <= 0 ? Object.assign({}, point, { y: null }) : point;
        });
      }
      return ds;
    });
  }

  function xScale(definition, datasets) {
    if (definition.axis === SWEEP) {
      return {
        type: definition.logX ? 'logarithmic' : 'linear',
        min: definition.logX ? undefined : 0,
        title: { display: true, text: definition.xTitle },
        ticks: {
          callback: function (value) {
            if (definition.logX) {
              const mantissa = value / Math.pow(10, Math.floor(Math.log10(value) + 1e-9));
              return [1, 2, 5].indexOf(Math.round(mantissa)) >= 0 ? formatTick(value) : '';
            }
            return formatTick(value);
          }
        },
        grid: { color: '#eef0f4' }
      };
    }
    if (definition.axis === QUANTILE) {
      let maxX = percentileToX(99.999);
      datasets.forEach(function (ds) {
        ds.data.forEach(function (point) { maxX = Math.max(maxX, point.x); });
      });
      const ticks = PERCENTILE_TICKS.filter(function (p) { return percentileToX(p) <= maxX + 1e-9; });
      return {
        type: 'linear',
        min: percentileToX(50),
        max: percentileToX(ticks[ticks.length - 1]),
        title: { display: true, text: 'percentile (log scale)' },
        afterBuildTicks: function (axis) {
          axis.ticks = ticks.map(function (p) { return { value: percentileToX(p) }; });
        },
        ticks: {
          callback: function (value) {
            const match = ticks.find(function (p) { return Math.abs(percentileToX(p) - value) < 1e-9; });
            return match === undefined ? '' : percentileLabel(match);
          }
        },
        grid: { color: '#eef0f4' }
      };
    }
    let span = 0;
    datasets.forEach(function (ds) {
      ds.data.forEach(function (point) { span = Math.max(span, point.x); });
    });
    return {
      type: 'linear',
      min: 0,
      title: { display: true, text: 'time since start of measured phase' + (span > 120 ? ' (m:ss)' : '') },
      ticks: { stepSize: timeStep(span), callback: function (value) { return formatSeconds(value, span); } },
      grid: { color: '#eef0f4' }
    };
  }

  function yScale(definition, logScale) {
    return {
      type: logScale ? 'logarithmic' : 'linear',
      beginAtZero: !logScale,
      title: { display: true, text: definition.unit },
      ticks: {
        callback: function (value) {
          if (logScale) {
            const mantissa = value / Math.pow(10, Math.floor(Math.log10(value) + 1e-9));
            return [1, 2, 5].indexOf(Math.round(mantissa)) >= 0 ? formatTick(value) : '';
          }
          return formatTick(value);
        }
      },
      grid: { color: '#eef0f4' }
    };
  }

  function options(definition, datasets, logScale) {
    const showChartLegend = singleRun || !!definition.legend;
    return {
      animation: false,
      parsing: false,
      normalized: true,
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'nearest', axis: 'x', intersect: false },
      scales: { x: xScale(definition, datasets), y: yScale(definition, logScale) },
      plugins: {
        legend: {
          display: showChartLegend,
          position: 'bottom',
          labels: { boxWidth: 18, boxHeight: 2, padding: 10 }
        },
        tooltip: {
          itemSort: function (a, b) { return b.parsed.y - a.parsed.y; },
          callbacks: {
            title: function (items) {
              if (!items.length) {
                return '';
              }
              const raw = items[0].raw;
              if (definition.axis === SWEEP) {
                return definition.xTitle + ': ' + format(raw.x) + (raw.stable === false ? ' (not stable)' : '');
              }
              return definition.axis === QUANTILE ? percentileLabel(raw.p) : 't = ' + formatSeconds(raw.x, 1e9) + ' (' + format(raw.x) + ' s)';
            },
            label: function (item) {
              return ' ' + item.dataset.label + ': ' + format(item.parsed.y) + ' ' + definition.unit;
            }
          }
        }
      }
    };
  }

  function card(definition) {
    const container = document.getElementById(definition.container || 'chart-grid');
    const figure = document.createElement('figure');
    figure.className = 'card chart-card';
    figure.id = 'card-' + definition.id;
    const header = document.createElement('header');
    const title = document.createElement('h3');
    header.appendChild(title);
    figure.appendChild(header);
    const hint = document.createElement('p');
    hint.className = 'hint';
    hint.textContent = definition.hint;
    figure.appendChild(hint);
    const box = document.createElement('div');
    box.className = 'chart-box';
    figure.appendChild(box);
    container.appendChild(figure);
    return { figure: figure, header: header, title: title, box: box };
  }

  function draw(definition) {
    const parts = card(definition);
    parts.title.textContent = definition.title();
    let logScale = !!definition.log;
    const datasets = prepared(definition, logScale);
    if (!hasPoints(datasets)) {
      parts.figure.classList.add('empty');
      parts.box.textContent = definition.empty
        || 'No run in this report records this (files of upstream OpenMessaging Benchmark and its forks have publish delay but no response times).';
      return;
    }
    if (definition.unit === 'ms') {
      const label = document.createElement('label');
      label.className = 'log';
      const checkbox = document.createElement('input');
      checkbox.type = 'checkbox';
      checkbox.checked = logScale;
      label.appendChild(checkbox);
      label.appendChild(document.createTextNode(' log scale'));
      parts.header.appendChild(label);
      checkbox.addEventListener('change', function () {
        logScale = checkbox.checked;
        redraw(definition, logScale);
      });
    }
    const canvas = document.createElement('canvas');
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', definition.title());
    parts.box.appendChild(canvas);
    const chart = new Chart(canvas, {
      type: 'line',
      data: { datasets: datasets },
      options: options(definition, datasets, logScale)
    });
    chart.$definition = definition;
    chart.$logScale = logScale;
    chart.$title = parts.title;
    charts[definition.id] = chart;
  }

  function redraw(definition, logScale) {
    const chart = charts[definition.id];
    chart.$logScale = logScale;
    chart.data.datasets = prepared(definition, logScale);
    chart.options = options(definition, chart.data.datasets, logScale);
    chart.$title.textContent = definition.title();
    chart.update('none');
  }

  // ---- controls ----------------------------------------------------------------------------------

  function legend() {
    const container = document.getElementById('legend');
    runs.forEach(function (run, runIndex) {
      const button = document.createElement('button');
      button.type = 'button';
      button.title = run.file + (run.sampleRateAssumed ? ' (sample period assumed: 10 s)' : '') + ': click to show or hide';
      const swatch = document.createElement('span');
      swatch.className = 'swatch';
      swatch.style.background = run.color;
      button.appendChild(swatch);
      button.appendChild(document.createTextNode(run.label));
      button.addEventListener('click', function () {
        if (hiddenRuns.has(runIndex)) {
          hiddenRuns.delete(runIndex);
        } else {
          hiddenRuns.add(runIndex);
        }
        button.classList.toggle('off', hiddenRuns.has(runIndex));
        Object.keys(charts).forEach(function (id) {
          charts[id].data.datasets.forEach(function (ds) { ds.hidden = hiddenRuns.has(ds.runIndex); });
          charts[id].update('none');
        });
      });
      container.appendChild(button);
    });
  }

  function percentileControl() {
    const container = document.getElementById('percentile-control');
    if (singleRun) {
      container.remove();
      return;
    }
    const label = document.createElement('span');
    label.className = 'label';
    label.textContent = 'Over time:';
    container.appendChild(label);
    data.stats.forEach(function (stat) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = stat.label;
      button.classList.toggle('on', stat.key === state.percentile);
      button.addEventListener('click', function () {
        state.percentile = stat.key;
        container.querySelectorAll('button').forEach(function (other) { other.classList.toggle('on', other === button); });
        Object.keys(charts).forEach(function (id) {
          if (charts[id].$definition.byPercentile) {
            redraw(charts[id].$definition, charts[id].$logScale);
          }
        });
      });
      container.appendChild(button);
    });
  }

  legend();
  percentileControl();
  definitions.forEach(function (definition) {
    try {
      draw(definition);
    } catch (error) {
      console.error('chart ' + definition.id + ' could not be drawn: ' + error.message);
    }
  });
  document.body.setAttribute('data-charts', 'ready');
})();
