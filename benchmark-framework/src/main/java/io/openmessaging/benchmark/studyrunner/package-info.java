/**
 * {@code bin/benchmark study run}: which runs a published study's experiments make on this machine, with which
 * settings ({@link io.openmessaging.benchmark.studyrunner.StudyRunPlanner}), whether an earlier study run in the
 * same directory can be resumed ({@link io.openmessaging.benchmark.studyrunner.StudyRunResume}), the fresh
 * single-node broker each run gets with {@code --local-brokers}
 * ({@link io.openmessaging.benchmark.studyrunner.LocalBroker}), and the three-broker cluster on simulated hosts
 * each system's runs get with {@code --local-hosts} ({@link io.openmessaging.benchmark.studyrunner.LocalHosts}).
 */
package io.openmessaging.benchmark.studyrunner;
