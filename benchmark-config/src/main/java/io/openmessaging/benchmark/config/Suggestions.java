package io.openmessaging.benchmark.config;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * "Did you mean …?" for misspelt keys, enum values and driver ids: the one rule every file reader of the
 * project uses, the framework's and the drivers'. Stateless.
 */
public final class Suggestions {

    private Suggestions() {}

    /**
     * The candidate closest to {@code written} by edit distance (ignoring case), if it is close enough
     * to be a likely typo: at most a third of the longer word's letters differ (at least 2 allowed), or
     * one word contains the other.
     */
    public static Optional<String> closest(String written, Collection<String> candidates) {
        String typed = written.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            String lower = candidate.toLowerCase(Locale.ROOT);
            int distance = editDistance(typed, lower);
            boolean close = distance <= Math.max(2, Math.max(typed.length(), lower.length()) / 3)
                    || (typed.length() >= 4 && (lower.contains(typed) || typed.contains(lower)));
            if (close && distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return Optional.ofNullable(best);
    }

    /** Text to append to a problem: {@code " (did you mean 'x'?)"} or nothing. */
    public static String didYouMean(String written, Collection<String> candidates) {
        return closest(written, candidates)
                .map(match -> " (did you mean '" + match + "'?)")
                .orElse("");
    }

    /** Levenshtein distance: insertions, deletions and substitutions of one character each cost 1. */
    static int editDistance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
