package io.openmessaging.benchmark.result;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * What this benchmark is: its version and the git commit it was built from, as the build baked them into
 * the jar ({@code build-identity.properties} beside this class, written by {@code bin/build-identity.sh}).
 * Read from the jar only, never from the directory the benchmark runs in: a package unpacked inside some
 * other git work tree is still the build it was. Fields the build could not learn are {@link #UNKNOWN}.
 *
 * @param version the Maven project version, e.g. {@code 0.1.0-SNAPSHOT}
 * @param commit the full git commit of the source tree, or {@link #UNKNOWN} (built without .git)
 * @param dirty {@code "true"} when tracked files differed from {@link #commit}, {@code "false"}, or
 *     {@link #UNKNOWN}
 */
public record BuildIdentity(String version, String commit, String dirty) {

    public static final String UNKNOWN = "unknown";

    static final String RESOURCE = "build-identity.properties";

    private static final BuildIdentity OF_THIS_BUILD = load();

    /** The identity of the classes running now; all {@link #UNKNOWN} when they were not built by Maven. */
    public static BuildIdentity ofThisBuild() {
        return OF_THIS_BUILD;
    }

    /** Reads the properties the build wrote; a missing or blank key is {@link #UNKNOWN}. */
    static BuildIdentity read(InputStream in) throws IOException {
        Properties properties = new Properties();
        properties.load(in);
        return new BuildIdentity(value(properties, "version"), value(properties, "commit"), value(properties, "dirty"));
    }

    /** The commit with {@code -dirty} appended when the tree was dirty; {@code null} when unknown. */
    public String gitSha() {
        if (UNKNOWN.equals(commit)) {
            return null;
        }
        return "true".equals(dirty) ? commit + "-dirty" : commit;
    }

    /** {@code VERSION (git COMMIT[, dirty])}, e.g. {@code 0.1.0-SNAPSHOT (git 2b1dbc4…, dirty)}. */
    public String describe() {
        return version + " (git " + commit + ("true".equals(dirty) ? ", dirty" : "") + ")";
    }

    private static BuildIdentity load() {
        try (InputStream in = BuildIdentity.class.getResourceAsStream(RESOURCE)) {
            return in == null ? new BuildIdentity(UNKNOWN, UNKNOWN, UNKNOWN) : read(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the jar's " + RESOURCE, e);
        }
    }

    private static String value(Properties properties, String key) {
        String value = properties.getProperty(key);
        return value == null || value.isBlank() ? UNKNOWN : value.strip();
    }
}
