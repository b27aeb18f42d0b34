package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;

class OffsetCommitCoalescerTest {

    private static final TopicPartition P0 = new TopicPartition("t", 0);
    private static final TopicPartition P1 = new TopicPartition("t", 1);

    @Test
    void nothingConsumedMeansNothingToCommit() {
        OffsetCommitCoalescer commits = new OffsetCommitCoalescer("t", 100);
        assertThat(commits.commitDue(0)).isFalse();
    }

    @Test
    void firstCommitIsDueAtOnceAndCoalescesPolls() {
        OffsetCommitCoalescer commits = new OffsetCommitCoalescer("t", 100);
        commits.consumed(0, 5);
        commits.consumed(0, 9);
        commits.consumed(1, 3);
        assertThat(commits.commitDue(1_000)).isTrue();
        assertThat(commits.startCommit(1_000))
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(9), P1, new OffsetAndMetadata(3)));
    }

    @Test
    void atMostOneCommitInFlight() {
        OffsetCommitCoalescer commits = new OffsetCommitCoalescer("t", 0);
        commits.consumed(0, 1);
        Map<TopicPartition, OffsetAndMetadata> first = commits.startCommit(0);
        commits.consumed(0, 2);
        assertThat(commits.commitDue(10_000)).isFalse();
        commits.commitCompleted(first, null);
        assertThat(commits.commitDue(10_000)).isTrue();
        assertThat(commits.startCommit(10_000)).isEqualTo(Map.of(P0, new OffsetAndMetadata(2)));
    }

    @Test
    void commitsStartNoMoreOftenThanTheLinger() {
        OffsetCommitCoalescer commits = new OffsetCommitCoalescer("t", 100);
        commits.consumed(0, 1);
        commits.commitCompleted(commits.startCommit(1_000), null);
        commits.consumed(0, 2);
        assertThat(commits.commitDue(1_099)).isFalse();
        assertThat(commits.commitDue(1_100)).isTrue();
    }

    @Test
    void onlyPartitionsWithNewPositionsAreCommitted() {
        OffsetCommitCoalescer commits = new OffsetCommitCoalescer("t", 0);
        commits.consumed(0, 4);
        commits.consumed(1, 4);
        commits.commitCompleted(commits.startCommit(0), null);
        commits.consumed(1, 8);
        commits.consumed(0, 3);
        assertThat(commits.startCommit(1)).isEqualTo(Map.of(P1, new OffsetAndMetadata(8)));
    }

    @Test
    void failedCommitGoesIntoTheNextOneWithTheLatestPositions() {
        OffsetCommitCoalescer commits = new OffsetCommitCoalescer("t", 0);
        commits.consumed(0, 4);
        commits.consumed(1, 4);
        Map<TopicPartition, OffsetAndMetadata> failed = commits.startCommit(0);
        commits.consumed(0, 6);
        commits.commitCompleted(failed, new RuntimeException("coordinator moved"));
        assertThat(commits.commitDue(1)).isTrue();
        assertThat(commits.startCommit(1))
                .isEqualTo(Map.of(P0, new OffsetAndMetadata(6), P1, new OffsetAndMetadata(4)));
    }

    @Test
    void forgottenPartitionsAreNotCommittedAgain() {
        OffsetCommitCoalescer commits = new OffsetCommitCoalescer("t", 0);
        commits.consumed(0, 4);
        commits.consumed(1, 4);
        Map<TopicPartition, OffsetAndMetadata> inFlight = commits.startCommit(0);
        assertThat(commits.offsetsOf(List.of(P1))).isEqualTo(Map.of(P1, new OffsetAndMetadata(4)));
        commits.forget(List.of(P1));
        commits.commitCompleted(inFlight, new RuntimeException("rebalance"));
        assertThat(commits.startCommit(1)).isEqualTo(Map.of(P0, new OffsetAndMetadata(4)));
        assertThat(commits.allOffsets()).isEqualTo(Map.of(P0, new OffsetAndMetadata(4)));
    }

    @Test
    void positionsNotedByPartitionNumberAreCommittedAsTheTopicsPartitions() {
        OffsetCommitCoalescer commits = new OffsetCommitCoalescer("t", 0);
        commits.consumed(1, 7);
        commits.consumed(40, 2);
        commits.consumed(1, 5);
        assertThat(commits.startCommit(0))
                .isEqualTo(Map.of(P1, new OffsetAndMetadata(7), new TopicPartition("t", 40), new OffsetAndMetadata(2)));
        assertThat(commits.commitDue(1)).isFalse();
    }

    @Test
    void aPartitionOfAnotherTopicIsRefused() {
        OffsetCommitCoalescer commits = new OffsetCommitCoalescer("t", 0);
        assertThatThrownBy(() -> commits.offsetsOf(List.of(new TopicPartition("other", 0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("other-0")
                .hasMessageContaining("topic t");
    }
}
