package io.openmessaging.benchmark.driver.pulsar;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean …?" for a misspelt key or value: the closest candidate by edit distance, if close. */
final class Suggestion {

    private Suggestion() {}

    /**
     * The candidate nearest to {@code typed} (case-insensitive Levenshtein distance), when the distance
     * is at most a quarter of its length (at least 2).
     */
    static Optional<String> closest(String typed, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int distance = distance(typed.toLowerCase(Locale.ROOT), candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                bestDistance = distance;
                best = candidate;
            }
        }
        return best != null && bestDistance <= Math.max(2, typed.length() / 4) ? Optional.of(best) : Optional.empty();
    }

    static int distance(String a, String b) {
        int[] previousRow = new int[b.length() + 1];
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previousRow[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int replace = previousRow[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                row[j] = Math.min(replace, Math.min(previousRow[j], row[j - 1]) + 1);
            }
            int[] done = previousRow;
            previousRow = row;
            row = done;
        }
        return previousRow[b.length()];
    }
}
