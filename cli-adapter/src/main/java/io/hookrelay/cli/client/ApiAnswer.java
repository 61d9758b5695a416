package io.hookrelay.cli.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.hookrelay.cli.common.CommandFailedException;
import java.net.URI;
import java.util.Optional;

/**
 * A successful answer of the management API: its body is printed as it is for {@code --json} and read as
 * JSON for the tables.
 *
 * @param server the server that answered, to name it when the body is not what a hookrelay server sends
 */
public record ApiAnswer(URI server, int status, String body) {

    /** @throws CommandFailedException when the body is not JSON, which means something else answered */
    public JsonNode json() {
        return parse(body).orElseThrow(() -> new CommandFailedException(1, server
                + " answered HTTP " + status + " with something other than JSON; is it a hookrelay server?"));
    }

    static Optional<JsonNode> parse(String body) {
        try {
            return Optional.ofNullable(ApiJson.MAPPER.readTree(body)).filter(JsonNode::isContainerNode);
        } catch (JsonProcessingException e) {
            return Optional.empty();
        }
    }
}
