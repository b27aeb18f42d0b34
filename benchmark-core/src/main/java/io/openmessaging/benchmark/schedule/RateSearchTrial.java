package io.openmessaging.benchmark.schedule;

/**
 * One rate tried by {@link RateSearch}, as the result records it.
 *
 * @param trial 1, 2, … in the order tried
 * @param stage {@code bracket} (doubling or halving until one rate holds and one fails), {@code bisect}
 *     (halving the bracket) or {@code confirm} (the found rate once more)
 * @param targetRateMsgPerSec rate of all producers together during the trial
 * @param publishRateMsgPerSec acknowledged messages per second over the window
 * @param consumeRateMsgPerSec received messages per second over the window, every subscription counted
 * @param consumeTargetMsgPerSec {@code subscriptions × target}: what the consumers must receive
 * @param backlogStartMessages {@code subscriptions × acknowledged − received} when the window started
 * @param backlogEndMessages the same when it ended
 * @param backlogTrendMsgPerSec change of that backlog per second over the window (positive: growing)
 * @param sendErrors sends that failed during the window
 * @param sustained the verdict: both achieved rates reached {@value RateSearchSettings#SUSTAINED_SHARE} of
 *     their targets and no send failed
 * @param recoverySeconds after a trial that was not sustained: how long the producers ran at a low rate
 *     until they were back on schedule and the backlog had drained; {@code null} after a sustained trial
 */
public record RateSearchTrial(
        int trial,
        String stage,
        double targetRateMsgPerSec,
        double publishRateMsgPerSec,
        double consumeRateMsgPerSec,
        double consumeTargetMsgPerSec,
        long backlogStartMessages,
        long backlogEndMessages,
        double backlogTrendMsgPerSec,
        long sendErrors,
        boolean sustained,
        Double recoverySeconds) {}
