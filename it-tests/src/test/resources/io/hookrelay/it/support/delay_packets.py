"""Holds each packet that iptables sends to an NFQUEUE for a random time, then lets it go.

The kernels CI runs on have no sch_netem, so this does what `tc qdisc ... netem delay` would: it binds NFQUEUE
number QUEUE over netlink, takes each queued packet's id (the packet itself stays in the kernel), and accepts it
DELAY_MS +/- JITTER_MS (uniform) later; packets overtake one another, as with netem's jitter. Prints how many
packets it has let go, once a second, so that a test can see the delay was applied.

Usage: python3 delay_packets.py QUEUE DELAY_MS JITTER_MS
"""
import heapq
import random
import select
import socket
import struct
import sys
import time

NETLINK_NETFILTER = 12
NFNL_SUBSYS_QUEUE = 3
NFQNL_MSG_PACKET, NFQNL_MSG_VERDICT, NFQNL_MSG_CONFIG = 0, 1, 2
NFQA_CFG_CMD, NFQA_CFG_PARAMS, NFQA_CFG_QUEUE_MAXLEN = 1, 2, 3
NFQNL_CFG_CMD_BIND = 1
NFQNL_COPY_META = 1
NFQA_PACKET_HDR, NFQA_VERDICT_HDR = 1, 2
NF_ACCEPT = 1
NLM_F_REQUEST, NLM_F_ACK = 1, 4
NLMSG_ERROR = 2


def attribute(kind, payload):
    length = 4 + len(payload)
    return struct.pack("HH", length, kind) + payload + b"\0" * ((4 - length % 4) % 4)


def message(kind, flags, queue, attributes):
    body = struct.pack("BBH", socket.AF_UNSPEC, 0, socket.htons(queue)) + b"".join(attributes)
    return struct.pack("IHHII", 16 + len(body), (NFNL_SUBSYS_QUEUE << 8) | kind, flags, 0, 0) + body


def configure(sock, queue, attributes):
    sock.send(message(NFQNL_MSG_CONFIG, NLM_F_REQUEST | NLM_F_ACK, queue, attributes))
    reply = sock.recv(4096)
    _, kind, _, _, _ = struct.unpack_from("IHHII", reply)
    error = struct.unpack_from("i", reply, 16)[0] if kind == NLMSG_ERROR else 0
    if error != 0:
        sys.exit("netlink refused the queue's configuration: error %d" % -error)


def packet_ids(data):
    offset = 0
    while offset + 16 <= len(data):
        length, kind = struct.unpack_from("IH", data, offset)
        if length < 16:
            return
        if kind & 0xFF == NFQNL_MSG_PACKET:
            at = offset + 20
            while at + 4 <= offset + length:
                attribute_length, attribute_kind = struct.unpack_from("HH", data, at)
                if attribute_length < 4:
                    break
                if attribute_kind & 0x7FFF == NFQA_PACKET_HDR:
                    yield struct.unpack_from(">I", data, at + 4)[0]
                at += (attribute_length + 3) & ~3
        offset += (length + 3) & ~3


def main():
    queue, delay_ms, jitter_ms = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
    sock = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, NETLINK_NETFILTER)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 << 20)
    sock.bind((0, 0))
    configure(sock, queue, [attribute(NFQA_CFG_CMD, struct.pack("BxH", NFQNL_CFG_CMD_BIND, 0))])
    configure(sock, queue, [attribute(NFQA_CFG_PARAMS, struct.pack(">IB", 0, NFQNL_COPY_META))])
    configure(sock, queue, [attribute(NFQA_CFG_QUEUE_MAXLEN, struct.pack(">I", 65536))])
    print("bound queue %d" % queue, flush=True)
    held = []
    released = 0
    next_report = time.monotonic() + 1
    while True:
        now = time.monotonic()
        wait = max(0.0, min(held[0][0] - now if held else 1.0, next_report - now))
        if select.select([sock], [], [], wait)[0]:
            for packet in packet_ids(sock.recv(1 << 20)):
                hold = random.uniform(delay_ms - jitter_ms, delay_ms + jitter_ms) / 1000
                heapq.heappush(held, (time.monotonic() + hold, packet))
        now = time.monotonic()
        while held and held[0][0] <= now:
            _, packet = heapq.heappop(held)
            verdict = attribute(NFQA_VERDICT_HDR, struct.pack(">II", NF_ACCEPT, packet))
            sock.send(message(NFQNL_MSG_VERDICT, NLM_F_REQUEST, queue, [verdict]))
            released += 1
        if now >= next_report:
            print("released %d" % released, flush=True)
            next_report = now + 1


if __name__ == "__main__":
    main()
