/**
 * Config files, read one way: a format is a {@link io.openmessaging.benchmark.config.ConfigSchema} of
 * declared keys ({@link io.openmessaging.benchmark.config.ConfigKey}: type, range, default, unit, meaning)
 * and rules across keys; files are read as YAML with the line and column of every key and value
 * ({@link io.openmessaging.benchmark.config.YamlMapping}); every problem is one line {@code
 * file:line:column: …} ({@link io.openmessaging.benchmark.config.ConfigException}) with the closest allowed
 * name ({@link io.openmessaging.benchmark.config.Suggestions}); the reference in {@code docs/} is generated
 * from the declarations ({@link io.openmessaging.benchmark.config.KeyReference}). Used by the workload files
 * and by the drivers' own files; depends on nothing of the project.
 */
package io.openmessaging.benchmark.config;
