package io.openmessaging.benchmark.cluster;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;

/**
 * Prints {@code topic <name> <sum of its partitions' end offsets>} for every topic of the broker but its
 * own ({@code __…}). Run by {@link LocalCluster#brokerEndOffsets()} inside the broker's namespace, which
 * the test JVM cannot enter: what the broker holds, counted at the broker.
 */
public final class EndOffsets {
    private EndOffsets() {}

    public static void main(String[] args) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, args[0]))) {
            Set<String> names = admin.listTopics().names().get(60, TimeUnit.SECONDS);
            names.removeIf(name -> name.startsWith("__"));
            Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
            for (TopicDescription topic : admin.describeTopics(names)
                    .allTopicNames()
                    .get(60, TimeUnit.SECONDS)
                    .values()) {
                topic.partitions()
                        .forEach(p -> latest.put(new TopicPartition(topic.name(), p.partition()), OffsetSpec.latest()));
            }
            Map<String, Long> sums = new HashMap<>();
            admin.listOffsets(latest)
                    .all()
                    .get(60, TimeUnit.SECONDS)
                    .forEach((partition, info) -> sums.merge(partition.topic(), info.offset(), Long::sum));
            sums.forEach((topic, sum) -> System.out.println("topic " + topic + " " + sum));
        }
    }
}
