package io.openmessaging.benchmark.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The Chart.js library the HTML report inlines, read from its WebJar ({@code org.webjars.npm:chart.js},
 * a Maven dependency fetched at build time), so a report needs no network to be viewed.
 */
final class ChartJsAsset {

    private static final String POM_PROPERTIES = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static final String SCRIPT = "META-INF/resources/webjars/chart.js/%s/dist/chart.umd.min.js";
    private static final Pattern SOURCE_MAP_COMMENT = Pattern.compile("//# sourceMappingURL=\\S*\\s*$");
    private static final Pattern SCRIPT_END_TAG = Pattern.compile("</(script)", Pattern.CASE_INSENSITIVE);

    private ChartJsAsset() {}

    /** The Chart.js version on the class path, e.g. {@code 4.5.1}. */
    static String version() throws IOException {
        Properties properties = new Properties();
        try (InputStream in = open(POM_PROPERTIES)) {
            properties.load(in);
        }
        String version = properties.getProperty("version");
        if (version == null || version.isBlank()) {
            throw new IOException(POM_PROPERTIES + " on the class path names no version");
        }
        return version;
    }

    /**
     * The minified library, ready to go inside a {@code <script>} element: without its source-map
     * comment (the map is not shipped) and with any {@code </script} written as {@code <\/script}.
     */
    static String script() throws IOException {
        String source;
        try (InputStream in = open(SCRIPT.formatted(version()))) {
            source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        source = SOURCE_MAP_COMMENT.matcher(source).replaceAll("");
        return SCRIPT_END_TAG.matcher(source).replaceAll("<\\\\/$1");
    }

    private static InputStream open(String resource) throws IOException {
        InputStream in = ChartJsAsset.class.getClassLoader().getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("the charting library (Chart.js WebJar, " + resource + ") is not on the class path;"
                    + " rebuild the benchmark with 'mvn -DskipTests package' so target/lib holds it");
        }
        return in;
    }
}
