package io.openmessaging.benchmark.coordinator;

import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import io.openmessaging.benchmark.worker.WorkerHandle;
import io.openmessaging.benchmark.workload.Workload;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The topic step of a workload that uses existing topics ({@code existingTopicList} and its produce and
 * consume forms, as the Redpanda fork): every worker's driver must see every listed topic, each with
 * {@code partitionsPerTopic} partitions when the workload gives it; nothing is created or deleted.
 */
final class ExistingTopics {

    /**
     * The topics producers write to and consumers read from, with their partition counts as the driver
     * reported them.
     */
    record Plan(List<TopicSpec> producerTopics, List<TopicSpec> consumerTopics) {}

    private ExistingTopics() {}

    /**
     * Looks every listed topic up on every worker.
     *
     * @throws RunFailedException naming each missing topic, or each topic whose partition count differs
     *     from {@code partitionsPerTopic}
     */
    static Plan check(Workload workload, WorkerRoles roles)
            throws RunFailedException, DriverException, IOException, InterruptedException {
        Set<String> names = new LinkedHashSet<>(workload.existingTopicList());
        names.addAll(workload.existingProduceTopicList());
        names.addAll(workload.existingConsumeTopicList());
        List<String> all = List.copyOf(names);
        Set<WorkerHandle> workers = new LinkedHashSet<>(roles.producers());
        workers.addAll(roles.consumers());
        Map<String, Integer> partitions = null;
        for (WorkerHandle worker : workers) {
            Map<String, Integer> found = worker.describeTopics(all);
            String where = workers.size() > 1 ? " (asked worker " + worker.id() + ")" : "";
            List<String> missing =
                    all.stream().filter(name -> !found.containsKey(name)).toList();
            if (!missing.isEmpty()) {
                throw new RunFailedException(workload.sourceName() + ": " + missing.size() + " of the " + all.size()
                        + " existing topic(s) the workload lists do not exist" + where + ": "
                        + String.join(", ", missing) + "; create them first, or give topics: N to let the run"
                        + " create its own");
            }
            int expected = workload.partitionsPerTopic();
            List<String> wrong = all.stream()
                    .filter(name -> expected > 0 && found.get(name) != expected)
                    .map(name -> "'" + name + "' has " + found.get(name))
                    .toList();
            if (!wrong.isEmpty()) {
                throw new RunFailedException(workload.sourceName() + ": partitionsPerTopic: " + expected
                        + " but existing topic " + String.join(", ", wrong) + " partition(s)" + where
                        + "; correct partitionsPerTopic, or leave it out to accept any count");
            }
            if (partitions == null) {
                partitions = found;
            }
        }
        return new Plan(
                specs(partitions, workload.existingTopicList(), workload.existingProduceTopicList()),
                specs(partitions, workload.existingTopicList(), workload.existingConsumeTopicList()));
    }

    private static List<TopicSpec> specs(Map<String, Integer> partitions, List<String> both, List<String> oneWay) {
        Set<String> names = new LinkedHashSet<>(both);
        names.addAll(oneWay);
        List<TopicSpec> specs = new ArrayList<>(names.size());
        for (String name : names) {
            specs.add(new TopicSpec(name, partitions.get(name)));
        }
        return specs;
    }
}
