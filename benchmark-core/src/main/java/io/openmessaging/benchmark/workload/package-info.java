/**
 * The input files: workload YAML (upstream's keys and this tool's, declared once in {@link
 * io.openmessaging.benchmark.workload.WorkloadSchema} with type, range and doc), read strictly with line
 * numbers ({@link io.openmessaging.benchmark.config.YamlMapping}), payload files, {@code --set}
 * assignments, {@code ${OMB_…}} references in driver files, and the {@link
 * io.openmessaging.benchmark.config.ConfigException} whose messages name the file, line and key. A
 * workload file knows no worker, coordinator or installed driver.
 */
package io.openmessaging.benchmark.workload;
