/**
 * When messages are due: the intended-time schedule of one producer ({@link
 * io.openmessaging.benchmark.schedule.IntendedSendSchedule}, from which response times are measured so
 * that coordinated omission cannot hide a stall), rate plans of steps, and the search for the highest
 * sustainable rate ({@link io.openmessaging.benchmark.schedule.RateSearch}). Uses only {@code measure}.
 */
package io.openmessaging.benchmark.schedule;
