/**
 * The command lines: {@code bin/benchmark} ({@link io.openmessaging.benchmark.cli.Benchmark} and its
 * subcommands run, sweep, validate, report, compare, csv) and {@code bin/benchmark-worker} ({@link
 * io.openmessaging.benchmark.cli.BenchmarkWorker}). Options are parsed strictly (an unknown option is an
 * error with a did-you-mean; the {@code bin/benchmark} commands whose options JCommander reads go through
 * {@code CommandLineParser}), files are read and checked before anything connects, and every failure
 * ends in a non-zero exit code with one message that names the file, key or option. The work itself is
 * the coordinator's, the worker's and the reports'.
 */
package io.openmessaging.benchmark.cli;
