package io.openmessaging.benchmark.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One {@link HeadlessChromium} per test class: started before the class's first test with a fresh profile in a
 * directory of its own, handed to every test method that declares a {@code HeadlessChromium} parameter, and
 * closed (its profile deleted) after the class's last test. Use it with {@code @ExtendWith}.
 *
 * <p>A missing browser fails the class, naming the binary and how to install it ({@link
 * HeadlessChromium#requireBinary}): the browser tests are never skipped.
 */
final class HeadlessChromiumExtension implements BeforeAllCallback, AfterAllCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(HeadlessChromiumExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        Path binary = HeadlessChromium.requireBinary();
        Path profileDir = Files.createTempDirectory("headless-chromium-");
        store(context).put(Path.class, profileDir);
        store(context).put(HeadlessChromium.class, HeadlessChromium.launch(binary, profileDir.resolve("profile")));
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        HeadlessChromium chromium = store(context).remove(HeadlessChromium.class, HeadlessChromium.class);
        if (chromium != null) {
            chromium.close();
        }
        Path profileDir = store(context).remove(Path.class, Path.class);
        if (profileDir != null) {
            deleteTree(profileDir);
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == HeadlessChromium.class;
    }

    @Override
    public HeadlessChromium resolveParameter(ParameterContext parameter, ExtensionContext context) {
        HeadlessChromium chromium = store(context).get(HeadlessChromium.class, HeadlessChromium.class);
        if (chromium == null) {
            throw new IllegalStateException("HeadlessChromium was not started for " + context.getRequiredTestClass()
                    + ": the extension starts it before all tests of a class");
        }
        return chromium;
    }

    /** The store of this extension; a test method's store also sees what its class's holds. */
    private static ExtensionContext.Store store(ExtensionContext context) {
        return context.getStore(NAMESPACE);
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> {
                try {
                    Files.deleteIfExists(path);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}
