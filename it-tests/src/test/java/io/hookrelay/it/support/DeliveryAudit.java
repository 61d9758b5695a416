package io.hookrelay.it.support;

import io.hookrelay.it.support.RelayDatabase.LoggedAttempt;
import io.hookrelay.it.support.RelayDatabase.StoredDelivery;
import io.hookrelay.it.support.WebhookLoad.Acknowledged;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.assertj.core.api.SoftAssertions;

/**
 * The relay's promise checked after a run with crashes, against what the receivers saw and what the database
 * holds: every acknowledged event reached every target byte for byte; nothing is unfinished or
 * half-written; attempt numbers rose from receipt to receipt; and a target saw a delivery succeed twice only
 * where a crash cut off an attempt whose outcome was never written down, and which its log shows as abandoned.
 */
public final class DeliveryAudit {
    private DeliveryAudit() {
    }

    /**
     * @param receipts     every request the receivers got, oldest first
     * @param crashBetween whether a crash came between two receipts of one delivery
     */
    public static void assertDeliveredAsReceived(List<Acknowledged> acknowledged, List<Receipt> receipts, List<String> targets,
                                                 RelayDatabase database, BiPredicate<Receipt, Receipt> crashBetween) {
        Map<String, byte[]> stored = database.eventBodies();
        Map<String, StoredDelivery> deliveries = database.deliveries();
        Map<String, List<LoggedAttempt>> logs = database.attemptLogs();
        Map<String, List<Receipt>> byDelivery = receipts.stream().collect(Collectors.groupingBy(Receipt::deliveryId));
        Map<String, List<Receipt>> successesByEventAndTarget = receipts.stream().filter(Receipt::succeeded)
                .collect(Collectors.groupingBy(receipt -> receipt.eventId() + " to " + receipt.target()));
        SoftAssertions softly = new SoftAssertions();

        softly.assertThat(database.unfinishedIntents()).as("pending or running intents after the drain").isZero();
        softly.assertThat(database.eventsWithoutOneDeliveryPerTarget(targets.size())).as("events without one delivery per target").isEmpty();
        softly.assertThat(database.deliveriesMissingAPart()).as("deliveries without their intent or event").isEmpty();
        softly.assertThat(byDelivery.keySet().stream().filter(id -> !deliveries.containsKey(id)).toList())
                .as("delivery ids the receivers saw that the database does not hold").isEmpty();
        acknowledged.forEach(event -> {
            String eventId = event.eventId();
            byte[] sent = event.body();
            softly.assertThat(stored.get(eventId)).as("stored body of acknowledged %s", eventId).isEqualTo(sent);
            targets.forEach(target -> softly.assertThat(successesByEventAndTarget.getOrDefault(eventId + " to " + target, List.of()))
                    .as("2xx receipts of acknowledged %s at %s, byte for byte", eventId, target)
                    .isNotEmpty().allMatch(receipt -> Arrays.equals(receipt.body(), sent)));
        });
        deliveries.values().forEach(delivery -> assertDelivery(softly, delivery, stored.get(delivery.eventId()),
                byDelivery.getOrDefault(delivery.id(), List.of()), logs.getOrDefault(delivery.id(), List.of()), crashBetween));
        softly.assertAll();
    }

    /** 2xx receipts beyond the first of each delivery. */
    public static int countDuplicates(List<Receipt> receipts) {
        Map<String, Long> successes = receipts.stream().filter(Receipt::succeeded)
                .collect(Collectors.groupingBy(Receipt::deliveryId, Collectors.counting()));
        return successes.values().stream().mapToInt(count -> (int) (count - 1)).sum();
    }

    /**
     * One delivery: completed, its body as stored, attempt numbers rising from receipt to receipt and ending
     * at the stored count, its attempt log holding every attempt and agreeing with what the receiver saw, and any
     * second 2xx receipt explained by a crash that cut off the previous one before its outcome was written, which
     * the log then shows as abandoned.
     */
    private static void assertDelivery(SoftAssertions softly, StoredDelivery delivery, byte[] storedBody, List<Receipt> receipts,
                                       List<LoggedAttempt> log, BiPredicate<Receipt, Receipt> crashBetween) {
        String what = "delivery " + delivery.id() + " of " + delivery.eventId() + " to " + delivery.target();
        softly.assertThat(delivery.state()).as("state of %s", what).isEqualTo("completed");
        if (receipts.isEmpty()) {
            softly.fail("%s never reached its receiver", what);
            return;
        }
        softly.assertThat(receipts).as("bodies received for %s", what).allMatch(receipt -> Arrays.equals(receipt.body(), storedBody));
        softly.assertThat(receipts.stream().map(Receipt::attempt).toList()).as("attempt numbers received for %s", what)
                .isSortedAccordingTo(Comparator.naturalOrder()).doesNotHaveDuplicates();
        Receipt last = receipts.get(receipts.size() - 1);
        softly.assertThat(last.succeeded()).as("last receipt of %s answered 2xx", what).isTrue();
        softly.assertThat(delivery.attempts()).as("stored attempts of %s", what).isEqualTo(last.attempt());
        softly.assertThat(log.stream().filter(entry -> entry.outcome().equals("success")).map(LoggedAttempt::attempt).toList())
                .as("successful attempts logged for %s", what).containsExactly(last.attempt());
        softly.assertThat(log.stream().map(LoggedAttempt::attempt).toList()).as("attempts logged for %s: every one", what)
                .isEqualTo(IntStream.rangeClosed(1, delivery.attempts()).boxed().toList());
        for (LoggedAttempt entry : log.stream().filter(entry -> !entry.outcome().equals("abandoned")).toList()) {
            softly.assertThat(receipts).as("receipt of logged attempt %s of %s", entry, what)
                    .anyMatch(receipt -> receipt.attempt() == entry.attempt() && entry.statusCode().equals(Optional.of(receipt.answeredStatus())));
        }
        List<Receipt> successes = receipts.stream().filter(Receipt::succeeded).toList();
        for (int i = 1; i < successes.size(); i++) {
            Receipt earlier = successes.get(i - 1);
            softly.assertThat(crashBetween.test(earlier, successes.get(i)))
                    .as("a crash between 2xx receipts of attempts %d and %d of %s", earlier.attempt(), successes.get(i).attempt(), what)
                    .isTrue();
            softly.assertThat(log).as("log of %s: the re-sent attempt %d is logged as abandoned", what, earlier.attempt())
                    .contains(new LoggedAttempt(earlier.attempt(), "abandoned", Optional.empty()));
        }
    }
}
