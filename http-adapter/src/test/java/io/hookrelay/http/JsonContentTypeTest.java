package io.hookrelay.http;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonContentTypeTest {

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(strings = {"application/json", "APPLICATION/JSON", " application/json ", "application/json; charset=utf-8",
            "application/json;charset=UTF-8", "application/json; charset=\"utf-8\"", "application/json; version=1"})
    void jsonInUtf8IsTaken(String contentType) {
        assertThatCode(() -> JsonContentType.require(contentType)).doesNotThrowAnyException();
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(strings = {"", "text/plain", "text/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x",
            "application/xml", "application/jsonx", "application/json-seq", "application/merge-patch+json", "json", "*/*"})
    void anotherMediaTypeIsRefused(String contentType) {
        assertThatThrownBy(() -> JsonContentType.require(contentType)).isInstanceOf(UnsupportedMediaTypeException.class)
                .hasMessageContaining("Content-Type: application/json");
    }

    @ParameterizedTest(name = "[{0}]")
    @ValueSource(strings = {"application/json; charset=utf-16", "application/json; charset=latin1", "application/json; charset=",
            "application/json; charset", "application/json; charset=utf-8; charset=utf-16"})
    void jsonInAnotherCharsetIsRefused(String contentType) {
        assertThatThrownBy(() -> JsonContentType.require(contentType)).isInstanceOf(UnsupportedMediaTypeException.class)
                .hasMessageContaining("UTF-8");
    }
}
