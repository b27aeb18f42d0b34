package io.openmessaging.benchmark.worker.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * The answers Jetty gives itself, before a server's handler sees the request: a path its URI rules refuse
 * ({@code %2e%2e}, {@code //}, an encoded {@code /}), a header block above {@link JettyServers#MAX_HEADER_BYTES},
 * a request line it cannot parse, a handler that failed. Jetty writes an HTML page for these; this handler
 * writes them in the server's own format instead ({@link #json()}: the worker protocol's {@code {"error",
 * "detail"}}; {@link #plainText()}: the metrics port's one line), with Jetty's status.
 */
final class JettyErrorAnswers extends ErrorHandler {

    private final boolean json;

    private JettyErrorAnswers(boolean json) {
        this.json = json;
    }

    /** Errors as the worker protocol's JSON {@code {"error", "detail"}} (docs/distributed.md). */
    static JettyErrorAnswers json() {
        return new JettyErrorAnswers(true);
    }

    /** Errors as one line of text, as the metrics port answers its own. */
    static JettyErrorAnswers plainText() {
        return new JettyErrorAnswers(false);
    }

    /** Every method gets a body (Jetty leaves some out by default); HEAD's is dropped by Jetty. */
    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    /** An error found while the request was being dispatched (a refused path, a failed handler). */
    @Override
    protected void generateResponse(
            Request request, Response response, int status, String message, Throwable cause, Callback callback) {
        String reason = cause instanceof HttpException http ? http.getReason() : message;
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType());
        response.write(true, ByteBuffer.wrap(body(status, reason)), callback);
    }

    /** An error found while the request was parsed (header block too large, unparsable request line). */
    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, contentType());
        return ByteBuffer.wrap(body(status, reason));
    }

    private String contentType() {
        return json ? "application/json" : "text/plain; charset=utf-8";
    }

    private byte[] body(int status, String reason) {
        String detail = detail(status, reason);
        if (!json) {
            return (status + " " + errorCode(status) + ": " + detail + "\n").getBytes(StandardCharsets.UTF_8);
        }
        try {
            return Wire.MAPPER.writeValueAsBytes(new Wire.Error(errorCode(status), detail));
        } catch (JsonProcessingException e) {
            return ("{\"error\":\"" + errorCode(status) + "\",\"detail\":\"HTTP " + status + "\"}")
                    .getBytes(StandardCharsets.UTF_8);
        }
    }

    /** The protocol's error code for a status Jetty answers with; the worker's own where it has one. */
    static String errorCode(int status) {
        return switch (status) {
            case 400 -> "bad_request";
            case 401 -> "unauthorized";
            case 404 -> "not_found";
            case 405 -> "method_not_allowed";
            case 408 -> "request_timeout";
            case 413 -> "body_too_large";
            case 414 -> "uri_too_long";
            case 431 -> "headers_too_large";
            case 500 -> "internal";
            case 501 -> "not_implemented";
            case 505 -> "http_version_not_supported";
            default -> "http_" + status;
        };
    }

    /**
     * What went wrong, in words and without Java names: Jetty's reason where it gives one that is not an
     * exception's text, the limit for a header block, nothing internal for a failure (the log has it).
     */
    static String detail(int status, String reason) {
        if (status == 431) {
            return "the request's header block is larger than the " + JettyServers.MAX_HEADER_BYTES
                    + " bytes this server accepts";
        }
        if (status >= 500 && status != 505) {
            return "the server failed on this request; its log has the details";
        }
        String said = reason == null || reason.isBlank() || reason.contains("Exception") || reason.contains("java.")
                ? HttpStatus.getMessage(status)
                : reason;
        if (status != 400) {
            return said;
        }
        String refused = "the request was refused before it was read (" + said + ")";
        String lower = said.toLowerCase(java.util.Locale.ROOT);
        return lower.contains("uri") || lower.contains("path") || lower.equals("bad request")
                ? refused + "; paths are plain, e.g. /v1/health: no empty, '.' or '..' segments and no encoded '/',"
                        + " '.' or control characters"
                : refused;
    }
}
