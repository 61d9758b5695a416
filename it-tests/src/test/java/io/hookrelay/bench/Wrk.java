package io.hookrelay.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * HTTP load from {@code wrk}, the load generator written in C that Debian packages, in a process of its own: a load
 * generator in the benchmark's JVM cost as much CPU per request as the relay, on the same two cores, and so measured
 * itself. Each run writes a Lua script for {@code wrk -s}: the request, how the threads share the nodes, the pace, and a
 * {@code done} function that prints one line of figures. Given several paths, each request takes the next of them in
 * turn, as webhooks for many tenants' sources arrive: wrk then builds every request in Lua, so a comparison with one
 * source passes that one path as many times, for wrk to do the same work per request.
 *
 * <p>{@code wrk} is a closed loop: each connection sends its next request when the last is answered. A paced run
 * offers a fixed rate from outside the JVM with its {@code delay} function: each thread keeps a schedule of send
 * times at its share of the rate, and each request, before it is written, waits for the next free slot (no wait when
 * the slot is already past). The rate offered is then the schedule's, as long as a connection is free when a slot
 * comes; the run's answered count tells whether one was. Its bodies carry a number and the time they were written,
 * read from the same monotonic clock as {@link System#nanoTime()}, which {@link StampingReceiver} reads back.
 */
final class Wrk {
    /** One per core: the relay's I/O threads are as many. */
    private static final int THREADS = 2;
    /** Answers slower than this count as failed rather than as latency; as long as a provider would wait. */
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    /**
     * Past its duration, wrk's threads stop at their next timer tick; a paced run's numbers leave room for
     * that much more of its schedule.
     */
    private static final Duration OVERRUN = Duration.ofSeconds(2);
    /** The line the script's {@code done} prints: {@code bench name=value …}, every value a whole number. */
    private static final Pattern FIGURES = Pattern.compile("^bench (.+)$", Pattern.MULTILINE);

    /**
     * What one run measured. {@code refused} were answered other than 2xx; {@code failed} got no answer (a connection
     * refused or reset, or {@link #TIMEOUT} passed). Latency is from writing a request to reading its answer, of the
     * answered ones. {@code endedMicros} is when the run ended, on {@link System#nanoTime()}'s clock in microseconds.
     * A paced run numbered its bodies from {@code firstNumber} up to, not including, {@code endNumber}. {@code coresBusy}
     * is the share of the machine's cores that were busy meanwhile ({@link MachineCpu}).
     */
    record Run(int connections, long answered, long refused, long failed, double seconds, double meanMillis, double p50Millis,
            double p99Millis, long endedMicros, long firstNumber, long endNumber, double coresBusy) {
        double perSecond() {
            return answered / seconds;
        }

        /**
         * The share of the connections that were waiting for an answer, on average (Little's law): near 1, a paced run
         * had no connection free when its slots came, and offered less than its rate.
         */
        double connectionsInUse() {
            return perSecond() * meanMillis / 1000 / connections;
        }

        /** Throws if any request went unanswered or was refused: the relay's figures are of requests it accepted. */
        Run allAccepted() {
            if (refused > 0 || failed > 0) {
                throw new IllegalStateException(refused + " requests were answered other than 2xx and " + failed
                        + " not at all, of " + (answered + refused + failed));
            }
            return this;
        }
    }

    private Wrk() {
    }

    /** Each connection sends {@code body} to the next of {@code paths} again as soon as it is answered. */
    static Run asFastAsAnswered(List<Integer> ports, List<String> paths, String body, int connections, Duration duration)
            throws IOException, InterruptedException {
        return run(ports, paths, body, connections, 0, -1, duration);
    }

    /**
     * {@code rate} requests per second, each body {@code {"seq":n,"sent":µs,"event":body}} with {@code n} from
     * {@code firstNumber} up; the run's {@link Run#endNumber()} is free for the next.
     */
    static Run paced(List<Integer> ports, List<String> paths, String body, int connections, int rate, long firstNumber,
            Duration duration) throws IOException, InterruptedException {
        if (rate < 1 || firstNumber < 0) {
            throw new IllegalArgumentException("a paced run needs a positive rate and a first number ≥ 0");
        }
        return run(ports, paths, body, connections, rate, firstNumber, duration);
    }

    private static Run run(List<Integer> ports, List<String> paths, String body, int connections, int rate, long firstNumber,
            Duration duration) throws IOException, InterruptedException {
        long seconds = duration.toSeconds();
        if (ports.isEmpty() || paths.isEmpty() || seconds < 1 || duration.toSeconds() * 1000 != duration.toMillis()
                || body.contains("]==]") || paths.stream().anyMatch(path -> !path.matches("/[A-Za-z0-9/_-]*"))) {
            throw new IllegalArgumentException("wrk runs whole seconds against at least one port and path, with a body Lua can quote");
        }
        int threads = Math.min(connections, Math.max(THREADS, ports.size()));
        int used = connections / threads * threads;
        long numbersPerThread = rate == 0 ? 0
                : (long) Math.ceil((double) rate / threads * (duration.plus(OVERRUN).toMillis() / 1000.0)) + 2;
        long endNumber = firstNumber + threads * numbersPerThread;
        Path script = Files.createTempFile("hookrelay-bench-", ".lua");
        Path output = Files.createTempFile("hookrelay-bench-wrk-", ".out");
        try {
            Files.writeString(script, script(ports, paths, body, threads, rate, firstNumber));
            MachineCpu before = MachineCpu.read();
            Process wrk = start(new ProcessBuilder("wrk", "-t" + threads, "-c" + used, "-d" + seconds + "s",
                    "--timeout", TIMEOUT.toSeconds() + "s", "-s", script.toString(), "http://127.0.0.1:" + ports.get(0) + paths.get(0))
                    .redirectErrorStream(true).redirectOutput(output.toFile()));
            if (!wrk.waitFor(seconds + TIMEOUT.toSeconds() + 30, TimeUnit.SECONDS)) {
                wrk.destroyForcibly();
                throw new IllegalStateException("wrk did not finish: " + Files.readString(output));
            }
            double coresBusy = MachineCpu.read().busySince(before);
            String printed = Files.readString(output);
            Matcher line = FIGURES.matcher(printed);
            if (wrk.exitValue() != 0 || !line.find()) {
                throw new IllegalStateException("wrk exited with " + wrk.exitValue() + ": " + printed);
            }
            Map<String, Long> figures = Arrays.stream(line.group(1).split(" ")).map(figure -> figure.split("="))
                    .collect(Collectors.toMap(figure -> figure[0], figure -> Long.parseLong(figure[1])));
            if (figures.get("most_sent") > numbersPerThread) {
                throw new IllegalStateException("a wrk thread sent more than its schedule allows: " + printed);
            }
            return new Run(used, figures.get("answered"), figures.get("refused"), figures.get("failed"), figures.get("micros") / 1e6,
                    figures.get("mean") / 1e3, figures.get("p50") / 1e3, figures.get("p99") / 1e3, figures.get("ended"), firstNumber,
                    rate == 0 ? firstNumber : endNumber, coresBusy);
        } finally {
            Files.deleteIfExists(script);
            Files.deleteIfExists(output);
        }
    }

    /** The first line {@code wrk -v} prints: its version and build. */
    static String version() throws IOException, InterruptedException {
        Process wrk = start(new ProcessBuilder("wrk", "-v").redirectErrorStream(true));
        String printed = new String(wrk.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        wrk.waitFor();
        return printed.lines().findFirst().orElse("wrk").strip();
    }

    private static Process start(ProcessBuilder wrk) throws IOException {
        try {
            return wrk.start();
        } catch (IOException e) {
            throw new IOException("the benchmark's HTTP load comes from wrk: install it (apt-get install wrk)", e);
        }
    }

    private static String script(List<Integer> ports, List<String> paths, String body, int threads, int rate, long firstNumber) {
        return SCRIPT.replace("${PORTS}", ports.stream().map(String::valueOf).collect(Collectors.joining(", ")))
                .replace("${PATHS}", paths.stream().map(path -> '"' + path + '"').collect(Collectors.joining(", ")))
                .replace("${THREADS}", Integer.toString(threads))
                .replace("${RATE}", Integer.toString(rate))
                .replace("${FIRST_NUMBER}", Long.toString(firstNumber))
                .replace("${BODY}", body);
    }

    /**
     * The Lua script. {@code setup} (once per thread, before it starts) and {@code done} run in wrk's main state,
     * {@code delay} and {@code request} in each thread's own, where {@code setup} left the thread's {@code index}.
     * {@code delay} is defined only for a paced run, {@code request} for a paced run or several paths: with them, wrk
     * builds each request in Lua and waits on a timer before it.
     */
    private static final String SCRIPT = """
            local ports = { ${PORTS} }
            local paths = { ${PATHS} }
            local threads = ${THREADS}
            local rate = ${RATE}
            local first_number = ${FIRST_NUMBER}
            local body = [==[${BODY}]==]

            wrk.method = "POST"
            wrk.headers["Content-Type"] = "application/json"
            wrk.body = body

            local ffi = require("ffi")
            ffi.cdef[[
            typedef struct { long seconds; long nanos; } bench_timespec;
            int clock_gettime(int clock, bench_timespec *now);
            ]]
            local clock = ffi.new("bench_timespec")
            local CLOCK_MONOTONIC = 1

            local function micros()
              ffi.C.clock_gettime(CLOCK_MONOTONIC, clock)
              return tonumber(clock.seconds) * 1000000 + math.floor(tonumber(clock.nanos) / 1000)
            end

            local created = {}
            function setup(thread)
              thread:set("index", #created)
              thread.addr = wrk.lookup("127.0.0.1", tostring(ports[#created % #ports + 1]))[1]
              table.insert(created, thread)
            end

            if rate > 0 then
              local interval = threads * 1000000 / rate
              local start = nil
              local slot = 0
              function delay()
                local now = micros()
                if start == nil then
                  start = now + index * interval / threads
                end
                local due = start + slot * interval
                slot = slot + 1
                if due <= now then
                  return 0
                end
                return math.floor((due - now) / 1000)
              end

              sent = 0
              function request()
                local number = first_number + index + threads * sent
                sent = sent + 1
                return wrk.format(nil, paths[number % #paths + 1], nil,
                  string.format('{"seq":%.0f,"sent":%.0f,"event":%s}', number, micros(), body))
              end
            elseif #paths > 1 then
              local turn = 0
              function request()
                turn = turn + 1
                return wrk.format(nil, paths[(index + threads * turn) % #paths + 1])
              end
            end

            function done(summary, latency, requests)
              local errors = summary.errors
              local most_sent = 0
              for _, thread in ipairs(created) do
                most_sent = math.max(most_sent, thread:get("sent") or 0)
              end
              io.write(string.format(
                "bench answered=%.0f refused=%.0f failed=%.0f micros=%.0f mean=%.0f p50=%.0f p99=%.0f ended=%.0f most_sent=%.0f\\n",
                summary.requests - errors.status, errors.status, errors.connect + errors.read + errors.write + errors.timeout,
                summary.duration, summary.requests == 0 and 0 or latency.mean, latency:percentile(50), latency:percentile(99), micros(), most_sent))
            end
            """;
}
