package io.openmessaging.benchmark.driver.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BootstrapRefusalTest {

    private static final long MS = 1_000_000L;

    private final List<InetSocketAddress> connections = new ArrayList<>();

    private BootstrapRefusal.Connector refusing(Set<Integer> refusedPorts) {
        return address -> {
            connections.add(address);
            if (refusedPorts.contains(address.getPort())) {
                throw new ConnectException("Connection refused");
            }
        };
    }

    @Test
    void everyAddressRefusingForTheWholeWindowMeansNoBrokerListens() {
        BootstrapRefusal refusal = new BootstrapRefusal("127.0.0.1:9001, 127.0.0.1:9002", refusing(Set.of(9001, 9002)));

        assertThat(refusal.probed(refusal.probe(), 0)).isFalse();
        assertThat(refusal.probed(refusal.probe(), (BootstrapRefusal.REFUSED_FOR_MS - 1) * MS))
                .isFalse();
        assertThat(refusal.probed(refusal.probe(), BootstrapRefusal.REFUSED_FOR_MS * MS))
                .isTrue();
        assertThat(refusal.refusedAddresses()).isEqualTo("127.0.0.1:9001, 127.0.0.1:9002");
    }

    @Test
    void oneAddressAcceptingIsAClusterThatMayStillAnswerAndIsProbedNoMore() {
        BootstrapRefusal refusal = new BootstrapRefusal("127.0.0.1:9001,127.0.0.1:9002", refusing(Set.of(9001)));

        for (long ms = 0; ms <= 3 * BootstrapRefusal.REFUSED_FOR_MS; ms += BootstrapRefusal.PROBE_INTERVAL_MS) {
            assertThat(refusal.probed(refusal.probe(), ms * MS)).isFalse();
        }
        assertThat(connections).hasSize(2);
    }

    @Test
    void anAcceptedConnectionBetweenRefusalsStartsTheWindowAgain() {
        Set<Integer> refused = new java.util.HashSet<>(Set.of(9001));
        BootstrapRefusal refusal = new BootstrapRefusal("127.0.0.1:9001", refusing(refused));

        assertThat(refusal.probed(refusal.probe(), 0)).isFalse();
        assertThat(refusal.probed(new BootstrapRefusal.Probe(false, ""), 1_000 * MS))
                .isFalse();
        assertThat(refusal.probed(refusal.probe(), 1_500 * MS)).isFalse();
        assertThat(refusal.probed(refusal.probe(), (1_500 + BootstrapRefusal.REFUSED_FOR_MS - 1) * MS))
                .isFalse();
        assertThat(refusal.probed(refusal.probe(), (1_500 + BootstrapRefusal.REFUSED_FOR_MS) * MS))
                .isTrue();
    }

    @Test
    void anAddressThatDoesNotAnswerIsNotARefusal() {
        BootstrapRefusal refusal = new BootstrapRefusal("127.0.0.1:9001", address -> {
            throw new SocketTimeoutException("connect timed out");
        });

        for (long ms = 0; ms <= 3 * BootstrapRefusal.REFUSED_FOR_MS; ms += BootstrapRefusal.PROBE_INTERVAL_MS) {
            assertThat(refusal.probed(refusal.probe(), ms * MS)).isFalse();
        }
    }

    @Test
    void anUnresolvableHostIsLeftToTheClient() {
        BootstrapRefusal refusal = new BootstrapRefusal("no-such-host.invalid:9092", refusing(Set.of(9092)));

        assertThat(refusal.probe().allRefused()).isFalse();
        assertThat(connections).isEmpty();
    }
}
