// A stock js-libp2p peer for Ludopia's interop tests: Kademlia DHT server
// (/ipfs/kad/1.0.0) and circuit relay v2 server at js-libp2p's default
// limits (2 min, 128 KiB a circuit). Prints one JSON line with its
// addresses, then serves until killed.
//   node node.mjs LISTEN_ADDR [SEED_BYTE]
if (typeof Promise.withResolvers !== 'function') {
  // libp2p 2.x calls it; node 20 lacks it.
  Promise.withResolvers = function () {
    let resolve, reject
    const promise = new Promise((res, rej) => { resolve = res; reject = rej })
    return { promise, resolve, reject }
  }
}
const { createLibp2p } = await import('libp2p')
const { tcp } = await import('@libp2p/tcp')
const { noise } = await import('@chainsafe/libp2p-noise')
const { yamux } = await import('@chainsafe/libp2p-yamux')
const { identify } = await import('@libp2p/identify')
const { ping } = await import('@libp2p/ping')
const { circuitRelayServer } = await import('@libp2p/circuit-relay-v2')
const { kadDHT, passthroughMapper } = await import('@libp2p/kad-dht')
const { generateKeyPairFromSeed } = await import('@libp2p/crypto/keys')

const listen = process.argv[2] ?? '/ip4/127.0.0.1/tcp/0'
const seed = new Uint8Array(32).fill(Number(process.argv[3] ?? 7))
const node = await createLibp2p({
  privateKey: await generateKeyPairFromSeed('Ed25519', seed),
  addresses: { listen: [listen] },
  transports: [tcp()],
  connectionEncrypters: [noise()],
  streamMuxers: [yamux()],
  services: {
    identify: identify(),
    ping: ping(),
    relay: circuitRelayServer(),
    // Loopback and test-bed addresses count as dialable here (a stock node
    // strips private addresses from DHT records).
    dht: kadDHT({ protocol: '/ipfs/kad/1.0.0', clientMode: false, peerInfoMapper: passthroughMapper })
  }
})
await node.start()
console.log(JSON.stringify({ peer: node.peerId.toString(), addrs: node.getMultiaddrs().map(String) }))
process.on('SIGTERM', async () => { await node.stop(); process.exit(0) })
