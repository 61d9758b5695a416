package io.hookrelay.delivery.signing;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** How an {@code hmac-sha256} source's provider writes the digest in its header. */
public enum SignatureEncoding {
    HEX,
    BASE64;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<SignatureEncoding> fromWireName(String name) {
        return Arrays.stream(values()).filter(encoding -> encoding.wireName().equals(name)).findFirst();
    }
}
