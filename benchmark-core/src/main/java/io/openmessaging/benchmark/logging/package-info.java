/**
 * Logging of {@code bin/benchmark} and {@code bin/benchmark-worker} (Logback): a message repeated within
 * {@value io.openmessaging.benchmark.logging.RepeatedMessageFilter#WINDOW_SECONDS} s is printed once and
 * then counted ({@link io.openmessaging.benchmark.logging.RepeatedMessageFilter}), and an exception that
 * did not start in this tool's code is printed as one line ({@link
 * io.openmessaging.benchmark.logging.ShortThrowableConverter}). docs/user-guide.md, "Logging".
 */
package io.openmessaging.benchmark.logging;
