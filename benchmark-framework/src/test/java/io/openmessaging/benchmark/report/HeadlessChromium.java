package io.openmessaging.benchmark.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A real headless Chromium (Debian's {@code chromium} package), driven over the Chrome DevTools Protocol
 * on a WebSocket with the JDK's own {@code java.net.http} client: no WebDriver, no browser download.
 * One browser per instance, with a fresh profile directory; {@link #close} ends the browser it started.
 */
final class HeadlessChromium implements AutoCloseable {

    /** Where Debian's package installs the browser; {@code CHROMIUM} in the environment overrides it. */
    static final Path DEFAULT_BINARY = Path.of("/usr/bin/chromium");

    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final Process process;
    private final WebSocket socket;
    private final AtomicLong nextId = new AtomicLong();
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();

    private HeadlessChromium(Process process, URI browserEndpoint) throws IOException {
        this.process = process;
        try {
            this.socket = HttpClient.newHttpClient()
                    .newWebSocketBuilder()
                    .buildAsync(browserEndpoint, new Listener())
                    .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new IOException("cannot connect to Chromium's DevTools endpoint " + browserEndpoint, e);
        }
    }

    /**
     * The browser binary to use, which must exist: the browser tests are never skipped, since the test
     * command ({@code bin/test}) installs Debian's chromium package first.
     *
     * @throws IllegalStateException naming the binary and how to install it, when it is missing
     */
    static Path requireBinary() {
        Path binary = binary();
        if (!Files.isExecutable(binary)) {
            throw new IllegalStateException("Chromium is not installed at " + binary + ": run bin/test (the README's"
                    + " test command) or bin/test-setup as root, which install Debian's chromium package, or set"
                    + " CHROMIUM to another binary");
        }
        return binary;
    }

    /** The browser binary to use: {@code $CHROMIUM} if set, else {@link #DEFAULT_BINARY}; it may be missing. */
    static Path binary() {
        String configured = System.getenv("CHROMIUM");
        return configured == null || configured.isBlank() ? DEFAULT_BINARY : Path.of(configured);
    }

    /**
     * Starts {@code binary} headless with a fresh profile in {@code profileDir} and connects to it. The
     * flags keep it off the network (no background requests, updates, sync) and make it work as root.
     */
    static HeadlessChromium launch(Path binary, Path profileDir) throws IOException {
        Files.createDirectories(profileDir);
        Path log = profileDir.resolve("chromium.log");
        Process process = new ProcessBuilder(
                        binary.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--disable-default-apps",
                        "--disable-extensions",
                        "--hide-scrollbars",
                        "--mute-audio",
                        "--user-data-dir=" + profileDir.toAbsolutePath(),
                        "--remote-debugging-port=0",
                        "about:blank")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            return new HeadlessChromium(process, browserEndpoint(process, profileDir, log));
        } catch (IOException | RuntimeException e) {
            stop(process);
            throw e;
        }
    }

    /** Chromium writes its port and browser path to {@code DevToolsActivePort} in the profile once it listens. */
    private static URI browserEndpoint(Process process, Path profileDir, Path log) throws IOException {
        Path portFile = profileDir.resolve("DevToolsActivePort");
        Instant deadline = Instant.now().plus(TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IOException("Chromium exited with code " + process.exitValue()
                        + " before listening; its output:\n" + Files.readString(log));
            }
            if (Files.exists(portFile)) {
                List<String> lines = Files.readAllLines(portFile);
                if (lines.size() >= 2 && !lines.get(1).isBlank()) {
                    return URI.create("ws://127.0.0.1:" + lines.get(0).strip()
                            + lines.get(1).strip());
                }
            }
            sleep(100);
        }
        throw new IOException("Chromium did not open its DevTools port within " + TIMEOUT.toSeconds()
                + " s; its output:\n" + Files.readString(log));
    }

    /** Opens a new tab of {@code width} CSS pixels showing {@code url}, and waits for its load event. */
    Page open(URI url, int width) throws IOException {
        String targetId = call("Target.createTarget", Map.of("url", "about:blank"), null)
                .path("targetId")
                .asText();
        String session = call("Target.attachToTarget", Map.of("targetId", targetId, "flatten", true), null)
                .path("sessionId")
                .asText();
        Page page = new Page(session);
        for (String domain : List.of("Runtime", "Log", "Page", "Network")) {
            call(domain + ".enable", Map.of(), session);
        }
        call(
                "Emulation.setDeviceMetricsOverride",
                Map.of("width", width, "height", 1000, "deviceScaleFactor", 1, "mobile", false),
                session);
        int loadsBefore = page.count("Page.loadEventFired");
        call("Page.navigate", Map.of("url", url.toString()), session);
        await(() -> page.count("Page.loadEventFired") > loadsBefore, "the load event of " + url);
        return page;
    }

    /** A tab, and what it reported since it was opened. */
    final class Page {
        private final String session;

        private Page(String session) {
            this.session = session;
        }

        /** Evaluates {@code expression} (awaiting a promise) and returns its value as JSON. */
        JsonNode evaluate(String expression) throws IOException {
            JsonNode result = call(
                    "Runtime.evaluate",
                    Map.of("expression", expression, "returnByValue", true, "awaitPromise", true),
                    session);
            if (result.has("exceptionDetails")) {
                throw new IOException(
                        "page script failed: " + describe(result.get("exceptionDetails")) + "\nin: " + expression);
            }
            return result.path("result").path("value");
        }

        /** Waits until {@code expression} is true in the page. */
        void awaitTrue(String expression) throws IOException {
            await(() -> evaluate(expression).asBoolean(false), "'" + expression + "' in the page");
        }

        /**
         * Everything the page reported as an error: {@code console.error} and failed assertions,
         * uncaught exceptions, and error entries of the browser log (failed loads, CSP, …).
         */
        List<String> errors() {
            List<String> errors = new ArrayList<>();
            for (JsonNode event : eventsOfSession()) {
                JsonNode params = event.path("params");
                switch (event.path("method").asText()) {
                    case "Runtime.consoleAPICalled" -> {
                        String type = params.path("type").asText();
                        if (type.equals("error") || type.equals("assert")) {
                            errors.add("console." + type + ": "
                                    + params.path("args").toString());
                        }
                    }
                    case "Runtime.exceptionThrown" ->
                        errors.add("uncaught: " + describe(params.path("exceptionDetails")));
                    case "Log.entryAdded" -> {
                        if (params.path("entry").path("level").asText().equals("error")) {
                            errors.add(
                                    "log: " + params.path("entry").path("text").asText() + " "
                                            + params.path("entry").path("url").asText());
                        }
                    }
                    default -> {}
                }
            }
            return errors;
        }

        /** The URL of every request the page made. */
        List<String> requestedUrls() {
            return eventsOfSession().stream()
                    .filter(event -> event.path("method").asText().equals("Network.requestWillBeSent"))
                    .map(event ->
                            event.path("params").path("request").path("url").asText())
                    .toList();
        }

        /**
         * Saves a PNG of the whole page to {@code file}. The viewport is first made as tall as the page
         * (same width, so charts keep their size) and two frames are let pass: capturing beyond the
         * viewport instead would resize the page while it is captured and catch canvases mid-redraw.
         */
        void screenshot(Path file, int width) throws IOException {
            JsonNode size = call("Page.getLayoutMetrics", Map.of(), session).path("cssContentSize");
            int height = (int) Math.ceil(size.path("height").asDouble());
            call(
                    "Emulation.setDeviceMetricsOverride",
                    Map.of("width", width, "height", height, "deviceScaleFactor", 1, "mobile", false),
                    session);
            evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))");
            Map<String, Object> clip = Map.of("x", 0, "y", 0, "width", width, "height", height, "scale", 1);
            JsonNode shot = call("Page.captureScreenshot", Map.of("format", "png", "clip", clip), session);
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.write(file, Base64.getDecoder().decode(shot.path("data").asText()));
        }

        private int count(String method) {
            return (int) eventsOfSession().stream()
                    .filter(event -> event.path("method").asText().equals(method))
                    .count();
        }

        private List<JsonNode> eventsOfSession() {
            return events.stream()
                    .filter(event -> event.path("sessionId").asText().equals(session))
                    .toList();
        }
    }

    private interface Condition {
        boolean holds() throws IOException;
    }

    private static void await(Condition condition, String what) throws IOException {
        Instant deadline = Instant.now().plus(TIMEOUT);
        while (!condition.holds()) {
            if (Instant.now().isAfter(deadline)) {
                throw new IOException("timed out after " + TIMEOUT.toSeconds() + " s waiting for " + what);
            }
            sleep(50);
        }
    }

    private JsonNode call(String method, Map<String, ?> params, String session) throws IOException {
        long id = nextId.incrementAndGet();
        ObjectNode message = MAPPER.createObjectNode();
        message.put("id", id);
        message.put("method", method);
        message.set("params", MAPPER.valueToTree(params));
        if (session != null) {
            message.put("sessionId", session);
        }
        CompletableFuture<JsonNode> response = new CompletableFuture<>();
        pending.put(id, response);
        try {
            socket.sendText(MAPPER.writeValueAsString(message), true).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            JsonNode reply = response.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            if (reply.has("error")) {
                throw new IOException(method + " failed: " + reply.get("error"));
            }
            return reply.path("result");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted during " + method, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException(method + " got no answer from Chromium within " + TIMEOUT.toSeconds() + " s", e);
        } finally {
            pending.remove(id);
        }
    }

    private static String describe(JsonNode exceptionDetails) {
        JsonNode exception = exceptionDetails.path("exception");
        String text = exception
                .path("description")
                .asText(exceptionDetails.path("text").asText());
        return text + " (line " + exceptionDetails.path("lineNumber").asInt() + ")";
    }

    @Override
    public void close() {
        try {
            call("Browser.close", Map.of(), null);
        } catch (IOException e) {
            // the browser may already be gone; it is stopped below either way
        }
        socket.abort();
        stop(process);
    }

    /** Waits briefly for the browser to exit, then ends it and every process it started. */
    private static void stop(Process process) {
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Collects each message's text frames, answers pending calls, and records events. */
    private final class Listener implements WebSocket.Listener {
        private final StringBuilder message = new StringBuilder();

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            message.append(data);
            if (last) {
                try {
                    JsonNode node = MAPPER.readTree(message.toString());
                    if (node.has("id")) {
                        CompletableFuture<JsonNode> response =
                                pending.get(node.get("id").asLong());
                        if (response != null) {
                            response.complete(node);
                        }
                    } else {
                        events.add(node);
                    }
                } catch (IOException e) {
                    pending.values().forEach(response -> response.completeExceptionally(e));
                }
                message.setLength(0);
            }
            webSocket.request(1);
            return null;
        }
    }
}
