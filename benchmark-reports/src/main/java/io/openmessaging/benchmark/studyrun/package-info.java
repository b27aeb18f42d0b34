/**
 * One run of a published study ({@code bin/benchmark study run}): the record it keeps in its output directory
 * ({@link io.openmessaging.benchmark.studyrun.StudyRunRecord}, {@code study-run.json}), which experiments ran
 * on which system, with which settings and scale, and where each result file is, so that an interrupted run
 * resumes and {@code bin/benchmark study report} puts the measured values beside the published ones.
 */
package io.openmessaging.benchmark.studyrun;
