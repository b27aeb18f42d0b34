package io.openmessaging.benchmark.compare;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.openmessaging.benchmark.compare.Comparison.Check;
import io.openmessaging.benchmark.compare.Comparison.Figure;
import io.openmessaging.benchmark.compare.Comparison.MetricCoverage;
import io.openmessaging.benchmark.compare.Comparison.Side;
import io.openmessaging.benchmark.report.ReportRun;
import io.openmessaging.benchmark.report.ResultFormat;
import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A {@link Comparison} as JSON for machines ({@code compare --json}): {@code passed}, the files of each
 * side, the workload check (whether it is the same, the differences, the fields not compared), every
 * figure either side holds ({@code null} for a side that lacks it), the metrics some files lack, and
 * every threshold with its verdict. Layout in {@code docs/reports.md}. Numbers keep every digit; a
 * relative change from a base of 0 is {@code null}.
 */
public final class ComparisonJson implements ResultFormat<Comparison> {

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    @Override
    public void writeOut(Comparison comparison, Writer out) throws IOException {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("passed", comparison.passed());
        root.put("combinedBy", "median");
        root.set("base", files(comparison.base()));
        root.set("candidate", files(comparison.candidate()));
        root.set("workload", workload(comparison.workload()));
        ArrayNode figures = root.putArray("figures");
        for (Figure figure : comparison.presentFigures()) {
            ObjectNode node = figures.addObject();
            node.put("figure", figure.name());
            node.put("metric", figure.metric().key());
            node.put("stat", figure.stat().key());
            node.put("unit", figure.metric().unit());
            side(node, "base", figure.base());
            side(node, "candidate", figure.candidate());
            number(node, "change", figure.change());
            number(node, "changePercent", figure.changePercent());
        }
        ArrayNode missing = root.putArray("incompleteMetrics");
        for (MetricCoverage coverage : comparison.incompleteMetrics()) {
            ObjectNode node = missing.addObject();
            node.put("metric", coverage.metric().key());
            node.put("baseFiles", coverage.baseFiles());
            node.put("baseTotal", coverage.baseTotal());
            node.put("candidateFiles", coverage.candidateFiles());
            node.put("candidateTotal", coverage.candidateTotal());
        }
        ArrayNode thresholds = root.putArray("thresholds");
        for (Check check : comparison.checks()) {
            ObjectNode node = thresholds.addObject();
            node.put("threshold", check.threshold().text());
            node.put("figure", check.threshold().figure());
            node.put("allowedChangePercent", check.threshold().signedPercent());
            number(node, "changePercent", check.figure().changePercent());
            node.put("verdict", check.verdict().label());
            node.put("explanation", check.explanation());
        }
        MAPPER.writeValue(out, root);
        out.write('\n');
        out.flush();
    }

    private static ObjectNode workload(WorkloadCheck check) {
        ObjectNode node = MAPPER.createObjectNode();
        node.put("same", check.sameWorkload());
        ArrayNode compared = node.putArray("comparedFields");
        check.comparedFields().forEach(compared::add);
        ArrayNode differences = node.putArray("differences");
        for (WorkloadCheck.Difference difference : check.differences()) {
            ObjectNode entry = differences.addObject();
            entry.put("field", difference.field());
            ArrayNode values = entry.putArray("values");
            for (WorkloadCheck.Value value : List.of(difference.first(), difference.second())) {
                ObjectNode valueNode = values.addObject();
                valueNode.put("side", value.side().label());
                valueNode.put("file", value.file().toString());
                valueNode.put("value", value.value());
            }
        }
        ArrayNode notCompared = node.putArray("notCompared");
        for (WorkloadCheck.NotCompared field : check.notCompared()) {
            ObjectNode entry = notCompared.addObject();
            entry.put("field", field.field());
            ArrayNode lacking = entry.putArray("notRecordedIn");
            field.lackingFiles().forEach(file -> lacking.add(file.toString()));
        }
        ArrayNode unreadable = node.putArray("unreadable");
        check.unreadable().forEach(unreadable::add);
        return node;
    }

    private static ObjectNode files(List<ReportRun> runs) {
        ObjectNode node = MAPPER.createObjectNode();
        ArrayNode files = node.putArray("files");
        runs.forEach(run -> files.add(run.file().toString()));
        return node;
    }

    private static void side(ObjectNode node, String name, Side side) {
        number(node, name, side.value());
        node.put(name + "Files", side.filesWithValue());
    }

    private static void number(ObjectNode node, String name, OptionalDouble value) {
        if (value.isPresent() && Double.isFinite(value.getAsDouble())) {
            node.put(name, value.getAsDouble());
        } else {
            node.putNull(name);
        }
    }
}
