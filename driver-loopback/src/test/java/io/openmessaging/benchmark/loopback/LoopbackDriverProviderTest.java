package io.openmessaging.benchmark.loopback;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.driver.DriverProvider;
import io.openmessaging.benchmark.driver.ManualClock;
import java.util.List;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class LoopbackDriverProviderTest {

    @Test
    void serviceLoaderFindsTheLoopbackProviderWithoutAliases() {
        List<DriverProvider> loopbacks = ServiceLoader.load(DriverProvider.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(provider -> provider.id().equals("loopback"))
                .toList();

        assertThat(loopbacks).singleElement().satisfies(provider -> {
            assertThat(provider).isInstanceOf(LoopbackDriverProvider.class);
            assertThat(provider.driverClassAliases()).isEmpty();
            assertThat(provider.create()).isInstanceOf(LoopbackDriver.class);
        });
    }

    @Test
    void describeNamesTheDriverTimingModeAndEverySetting() throws Exception {
        LoopbackDriver driver = new LoopbackDriver(new ManualClock());
        driver.configure("""
                driver: loopback
                ackDelayMicros: 100
                stalls: [{startAfterMillis: 1000, durationMillis: 500, kind: FREEZE}]
                """, "describe.yaml");
        driver.initialize();

        assertThat(driver.describe())
                .containsEntry("driver", "loopback")
                .containsEntry("timingMode", "scheduler")
                .containsEntry("ackDelayMicros", "100")
                .containsEntry("deliveryDelayMicros", "0")
                .containsEntry("topicPrefix", "loopback-topic")
                .containsEntry("stalls", "[FREEZE 1000+500ms]")
                .containsEntry("synchronousDelays", "false")
                .containsEntry("maxHeldMessages", "1000000");
        driver.close();
    }
}
