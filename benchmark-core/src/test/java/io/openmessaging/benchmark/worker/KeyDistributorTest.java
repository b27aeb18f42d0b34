package io.openmessaging.benchmark.worker;

import static org.assertj.core.api.Assertions.assertThat;

import io.openmessaging.benchmark.workload.KeyDistributorType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The distribution properties of the three key distributors. */
class KeyDistributorTest {

    private static final int POOL = KeyDistributor.POOL_SIZE;

    @Test
    void noKeySendsNoKey() {
        KeyDistributor keys = KeyDistributor.of(KeyDistributorType.NO_KEY, 7);

        for (int i = 0; i < 1000; i++) {
            assertThat(keys.next()).isNull();
        }
    }

    @Test
    void roundRobinVisitsEveryKeyOfThePoolOnceThenRepeatsInTheSameOrder() {
        KeyDistributor keys = KeyDistributor.of(KeyDistributorType.KEY_ROUND_ROBIN, 7);

        List<String> firstLap = draw(keys, POOL);
        List<String> secondLap = draw(keys, POOL);

        assertThat(new HashSet<>(firstLap)).hasSize(POOL);
        assertThat(secondLap).isEqualTo(firstLap);
    }

    @Test
    void keysAreTenCharactersOfBase64UrlFromSevenRandomBytes() {
        List<String> keys = draw(KeyDistributor.of(KeyDistributorType.KEY_ROUND_ROBIN, 7), POOL);

        assertThat(keys).allMatch(key -> key.matches("[A-Za-z0-9_-]{10}"), "10 base64url characters");
        // 7 random bytes = 56 bits: with 10,000 keys a collision is all but impossible, and the first
        // character (6 random bits) takes all 64 values
        Set<Character> firstCharacters = new HashSet<>();
        keys.forEach(key -> firstCharacters.add(key.charAt(0)));
        assertThat(firstCharacters).hasSize(64);
    }

    @Test
    void theSeedFixesThePoolAndDifferentSeedsGiveDifferentPools() {
        List<String> a = draw(KeyDistributor.of(KeyDistributorType.KEY_ROUND_ROBIN, 1), POOL);
        List<String> sameSeed = draw(KeyDistributor.of(KeyDistributorType.KEY_ROUND_ROBIN, 1), POOL);
        List<String> otherSeed = draw(KeyDistributor.of(KeyDistributorType.KEY_ROUND_ROBIN, 2), POOL);

        assertThat(sameSeed).isEqualTo(a);
        Set<String> overlap = new HashSet<>(a);
        overlap.retainAll(otherSeed);
        assertThat(overlap).isEmpty();
    }

    @Test
    void randomNanoDrawsUniformlyFromThePool() {
        KeyDistributor roundRobin = KeyDistributor.of(KeyDistributorType.KEY_ROUND_ROBIN, 11);
        Set<String> pool = new HashSet<>(draw(roundRobin, POOL));
        KeyDistributor random = KeyDistributor.of(KeyDistributorType.RANDOM_NANO, 11);
        int draws = 20 * POOL;

        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < draws; i++) {
            counts.merge(random.next(), 1, Integer::sum);
        }

        // the same pool as the round-robin distributor with the same seed
        assertThat(pool).containsAll(counts.keySet());
        // 200,000 uniform draws from 10,000 keys miss a given key with probability e^-20: all are hit
        assertThat(counts).hasSize(POOL);
        // Pearson's chi-square against uniform (expected 20 per key): 9,999 degrees of freedom, mean
        // 9,999, standard deviation 141; 11,000 is 7 standard deviations out
        double expected = (double) draws / POOL;
        double chiSquare = counts.values().stream()
                .mapToDouble(c -> (c - expected) * (c - expected) / expected)
                .sum();
        assertThat(chiSquare).isLessThan(11_000);
        // consecutive draws are not the round-robin order
        List<String> sequence = draw(random, 100);
        assertThat(new HashSet<>(sequence).size()).isGreaterThan(90);
    }

    private static List<String> draw(KeyDistributor keys, int count) {
        List<String> drawn = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            drawn.add(keys.next());
        }
        return drawn;
    }
}
