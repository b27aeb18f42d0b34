package io.openmessaging.benchmark.driver.pulsar;

import io.openmessaging.benchmark.driver.DriverException;
import io.openmessaging.benchmark.driver.TopicSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.pulsar.client.admin.PulsarAdmin;
import org.apache.pulsar.client.admin.PulsarAdminException;
import org.apache.pulsar.common.policies.data.BacklogQuota;
import org.apache.pulsar.common.policies.data.PersistencePolicies;
import org.apache.pulsar.common.policies.data.TenantInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The admin side of a run: the tenant (created when missing), the run's own namespace with its
 * persistence, backlog-quota and deduplication policies, and the topics. Not thread-safe: the driver
 * calls it from its one admin thread.
 */
final class PulsarNamespaceSetup {

    private static final Logger log = LoggerFactory.getLogger(PulsarNamespaceSetup.class);

    private final PulsarAdmin admin;
    private final PulsarDriverConfig.Client client;
    private final String namespace;
    private final String cluster;

    /**
     * @param namespace the run's namespace, {@code <tenant>/<stem>-<random>}
     * @param cluster the cluster the tenant must allow and the namespace is assigned to
     */
    PulsarNamespaceSetup(PulsarAdmin admin, PulsarDriverConfig.Client client, String namespace, String cluster) {
        this.admin = admin;
        this.client = client;
        this.namespace = namespace;
        this.cluster = cluster;
    }

    /** Creates the tenant when missing, then the namespace, then sets its policies. */
    void createNamespace() throws DriverException {
        String tenant = client.tenant();
        step("create tenant " + tenant, () -> {
            if (!admin.tenants().getTenants().contains(tenant)) {
                try {
                    admin.tenants()
                            .createTenant(
                                    tenant,
                                    TenantInfo.builder()
                                            .allowedClusters(Set.of(cluster))
                                            .build());
                    log.info("Created tenant {} (allowed cluster {})", tenant, cluster);
                    return;
                } catch (PulsarAdminException.ConflictException createdMeanwhile) {
                    // another run created it since the list was read: check it like any existing tenant
                }
            }
            Set<String> allowed = admin.tenants().getTenantInfo(tenant).getAllowedClusters();
            if (!allowed.contains(cluster)) {
                throw new DriverException("tenant " + tenant + " exists but does not allow cluster " + cluster
                        + " (it allows " + allowed + "); choose another tenant in client.namespacePrefix or"
                        + " set client.clusterName to one of those");
            }
        });
        step("create namespace " + namespace, () -> admin.namespaces().createNamespace(namespace, Set.of(cluster)));
        PulsarDriverConfig.Persistence persistence = client.persistence();
        step(
                "set the persistence policy of " + namespace + " (ensembleSize " + persistence.ensembleSize()
                        + ", writeQuorum " + persistence.writeQuorum() + ", ackQuorum " + persistence.ackQuorum() + ")",
                () -> admin.namespaces()
                        .setPersistence(
                                namespace,
                                new PersistencePolicies(
                                        persistence.ensembleSize(),
                                        persistence.writeQuorum(),
                                        persistence.ackQuorum(),
                                        PulsarDriverDefaults.MANAGED_LEDGER_MAX_MARK_DELETE_RATE)));
        BacklogQuota unlimited = BacklogQuota.builder()
                .limitSize(-1)
                .limitTime(-1)
                .retentionPolicy(BacklogQuota.RetentionPolicy.producer_exception)
                .build();
        step("lift the backlog quotas of " + namespace, () -> {
            admin.namespaces().setBacklogQuota(namespace, unlimited, BacklogQuota.BacklogQuotaType.destination_storage);
            admin.namespaces().setBacklogQuota(namespace, unlimited, BacklogQuota.BacklogQuotaType.message_age);
        });
        step(
                "set deduplication of " + namespace + " to " + persistence.deduplicationEnabled(),
                () -> admin.namespaces().setDeduplicationStatus(namespace, persistence.deduplicationEnabled()));
        log.info(
                "Created namespace {} on cluster {}: ensemble {}, write quorum {}, ack quorum {}, deduplication {},"
                        + " no backlog quota",
                namespace,
                cluster,
                persistence.ensembleSize(),
                persistence.writeQuorum(),
                persistence.ackQuorum(),
                persistence.deduplicationEnabled());
    }

    /**
     * Creates the topics concurrently: a partitioned topic for more than one partition, a
     * non-partitioned one for one. A topic that already exists counts as created.
     */
    void createTopics(List<TopicSpec> topics) throws DriverException {
        List<CompletableFuture<Void>> creations = new ArrayList<>();
        for (TopicSpec topic : topics) {
            CompletableFuture<Void> creation = topic.partitions() > 1
                    ? admin.topics().createPartitionedTopicAsync(topic.name(), topic.partitions())
                    : admin.topics().createNonPartitionedTopicAsync(topic.name());
            creations.add(creation.exceptionally(error -> {
                Throwable cause = unwrap(error);
                if (cause instanceof PulsarAdminException.ConflictException) {
                    return null;
                }
                throw new CompletionException(new DriverException(
                        "cannot create topic " + topic.name() + " with " + topic.partitions() + " partition(s): "
                                + describe(cause),
                        cause));
            }));
        }
        long timeoutMs = client.operationTimeoutMs() + Math.max(0, topics.size() - 1) * 100L;
        try {
            CompletableFuture.allOf(creations.toArray(new CompletableFuture<?>[0]))
                    .get(timeoutMs, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = unwrap(e);
            throw cause instanceof DriverException de
                    ? de
                    : new DriverException("creating topics failed: " + cause, cause);
        } catch (TimeoutException e) {
            throw new DriverException(
                    "creating " + topics.size() + " topic(s) in " + namespace + " did not finish" + " within "
                            + timeoutMs + " ms",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while creating topics", e);
        }
    }

    private interface AdminStep {
        void run() throws PulsarAdminException, DriverException;
    }

    private void step(String what, AdminStep step) throws DriverException {
        try {
            step.run();
        } catch (PulsarAdminException e) {
            throw new DriverException("cannot " + what + " through " + client.httpUrl() + ": " + describe(e), e);
        }
    }

    static Throwable unwrap(Throwable error) {
        Throwable cause = error;
        while ((cause instanceof CompletionException || cause instanceof ExecutionException)
                && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return cause;
    }

    /** The exception's class and the first line of its message (admin errors carry whole HTTP bodies). */
    static String describe(Throwable error) {
        String message = error.getMessage();
        if (message == null) {
            return error.getClass().getSimpleName();
        }
        int newline = message.indexOf('\n');
        return error.getClass().getSimpleName() + ": " + (newline < 0 ? message : message.substring(0, newline));
    }
}
