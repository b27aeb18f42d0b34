/**
 * {@code bin/benchmark study run}: which runs a published study's experiments make on this machine, with which
 * settings ({@link io.openmessaging.benchmark.studyrunner.StudyRunPlanner}), whether an earlier study run in the
 * same directory can be resumed ({@link io.openmessaging.benchmark.studyrunner.StudyRunResume}), and the fresh
 * single-node broker each run gets with {@code --local-brokers}
 * ({@link io.openmessaging.benchmark.studyrunner.LocalBroker}).
 */
package io.openmessaging.benchmark.studyrunner;
