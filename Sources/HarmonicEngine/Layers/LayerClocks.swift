import Harmonic

/// The engine's clock and every layer's clock: root time, and each layer's local time mapped
/// through the layer tree (`CALayer` adopts `CAMediaTiming`).
///
/// A layer's local time is its parent's local time mapped through its own timing,
/// `(t − beginTime)·speed + timeOffset`, so speeds multiply down the tree, and then, when the
/// layer has a time map (an animated layer time), read through it: `local = map(timed)`, with
/// rate `map′(timed)·speed·(parent rate)`. The local time (and
/// its rate per second of root time) at the current root time is cached per layer and
/// refreshed parents first (a layer may be moved under a layer created after it).
struct LayerClocks {
    /// One layer's clock.
    struct Clock {
        /// The layer's own timing: endless, speed 1 by default.
        var timing: MediaTiming {
            didSet { isIdentity = Self.isIdentity(timing) && timeMap == nil }
        }
        /// The layer's animated time: local time as a function of the timed time (a time
        /// remapping), `nil` for none.
        var timeMap: KeyframeTimeline? {
            didSet { isIdentity = Self.isIdentity(timing) && timeMap == nil }
        }
        /// The superlayer's index, or -1.
        var parent: Int
        /// Local time at the current root time.
        var localTime = 0.0
        /// d(local time)/d(root time).
        var localRate = 1.0
        /// Whether the timing maps parent time to itself (begin 0, speed 1, offset 0), as most
        /// layers' do: the local time is then the parent's, exactly.
        private(set) var isIdentity: Bool

        init(timing: MediaTiming, parent: Int) {
            self.timing = timing
            self.parent = parent
            isIdentity = Self.isIdentity(timing)
        }

        /// The local time and rate for the parent's time and rate.
        func local(parentTime pt: Double, parentRate pr: Double) -> (time: Double, rate: Double) {
            let timed = timing.localTime(atParentTime: pt)
            let rate = pr * timing.speed
            guard let timeMap else { return (timed, rate) }
            return (timeMap.value(at: timed, component: 0), rate * timeMap.velocity(at: timed)[0])
        }

        private static func isIdentity(_ t: MediaTiming) -> Bool {
            t.beginTime == 0 && t.speed == 1 && t.timeOffset == 0
        }
    }

    /// Root time, seconds; only moves forward.
    private(set) var now: Double
    private var clocks: [Clock] = []
    /// How many clocks do not have the identity timing. While none do — layers rarely have
    /// timings of their own — every local time is root time itself, and the per-layer caches
    /// are neither refreshed nor read.
    private var nonIdentity = 0

    init(now: Double) { self.now = now }

    var count: Int { clocks.count }

    /// Layer `i`'s clock, its cached local time and rate current.
    subscript(i: Int) -> Clock {
        var clock = clocks[i]
        if nonIdentity == 0 {
            clock.localTime = now
            clock.localRate = 1
        }
        return clock
    }

    /// Layer `i`'s local time and rate at the current root time (without copying its clock,
    /// whose timing is large).
    @inline(__always)
    func current(_ i: Int) -> (time: Double, rate: Double) {
        nonIdentity == 0 ? (now, 1) : (clocks[i].localTime, clocks[i].localRate)
    }

    /// Adds a layer's clock (its parent must already have one) and caches its local time.
    mutating func append(timing: MediaTiming, parent: Int) {
        clocks.append(Clock(timing: timing, parent: parent))
        // A new layer comes after its superlayer in either order.
        order?.append(clocks.count - 1)
        if clocks[clocks.count - 1].isIdentity {
            if nonIdentity > 0 { update(clocks.count - 1) }
        } else {
            nonIdentity += 1
            // The first timing of its own: the caches were not kept until now.
            if nonIdentity == 1 { updateAll() } else { update(clocks.count - 1) }
        }
    }

    /// Moves root time to `t` and refreshes every cached local time.
    mutating func advance(to t: Double) {
        now = t
        updateAll()
    }

    /// Replaces layer `i`'s timing and refreshes every cached local time.
    mutating func setTiming(_ timing: MediaTiming, of i: Int) {
        if !clocks[i].isIdentity { nonIdentity -= 1 }
        clocks[i].timing = timing
        if !clocks[i].isIdentity { nonIdentity += 1 }
        updateAll()
    }

    /// Replaces layer `i`'s time map (a one-number timeline, or `nil`) and refreshes every
    /// cached local time.
    mutating func setTimeMap(_ map: KeyframeTimeline?, of i: Int) {
        if !clocks[i].isIdentity { nonIdentity -= 1 }
        if clocks[i].timeMap != nil { mapped -= 1 }
        clocks[i].timeMap = map
        if !clocks[i].isIdentity { nonIdentity += 1 }
        if map != nil { mapped += 1 }
        updateAll()
    }

    /// How many clocks have a time map: while any does, a local time need not come from one
    /// root time only, and ``rootTime(ofLocal:layer:)`` answers for unmapped chains alone.
    private var mapped = 0

    /// Local time of layer `i` at root time `t`, and d(local)/d(root).
    func localTime(of i: Int, at t: Double) -> (time: Double, rate: Double) {
        if t == now { return current(i) }
        if nonIdentity == 0 { return (t, 1) }
        let clock = clocks[i]
        let parent: (time: Double, rate: Double) = clock.parent >= 0 ? localTime(of: clock.parent, at: t) : (t, 1)
        return clock.local(parentTime: parent.time, parentRate: parent.rate)
    }

    /// The index of layer `i`'s superlayer, or −1 for a root layer.
    func parent(of i: Int) -> Int { clocks[i].parent }

    /// Parent time of layer `i` at root time `t`.
    func parentTime(of i: Int, at t: Double) -> Double {
        clocks[i].parent >= 0 ? localTime(of: clocks[i].parent, at: t).time : t
    }

    /// The root time at which layer `i`'s local time reads `local`, or `nil` when some clock on
    /// the way is stopped (speed 0) or has a time map (which need not be one-to-one).
    func rootTime(ofLocal local: Double, layer i: Int) -> Double? {
        var t = local
        var index = i
        while index >= 0 {
            let timing = clocks[index].timing
            guard timing.speed != 0, mapped == 0 || clocks[index].timeMap == nil else { return nil }
            t = (t - timing.timeOffset) / timing.speed + timing.beginTime
            index = clocks[index].parent
        }
        return t.isFinite ? t : nil
    }

    /// Moves layer `i` under `parent` (−1: no superlayer) and refreshes every cached local time.
    mutating func setParent(_ parent: Int, of i: Int) {
        clocks[i].parent = parent
        order = Self.parentsFirst(clocks)
        updateAll()
    }

    /// The order that refreshes each layer after its superlayer: `nil` while index order does
    /// (layers are created after their superlayers; only a move can break it).
    private var order: [Int]?

    /// `nil` when every superlayer has a lower index than its sublayers, else an order with
    /// every layer after its superlayer.
    private static func parentsFirst(_ clocks: [Clock]) -> [Int]? {
        guard clocks.indices.contains(where: { clocks[$0].parent > $0 }) else { return nil }
        var done = [Bool](repeating: false, count: clocks.count)
        var order: [Int] = []
        order.reserveCapacity(clocks.count)
        for i in clocks.indices where !done[i] {
            var chain: [Int] = []
            var j = i
            while j >= 0, !done[j] {
                chain.append(j)
                j = clocks[j].parent
            }
            for k in chain.reversed() {
                order.append(k)
                done[k] = true
            }
        }
        return order
    }

    /// Refreshes every cache, each layer after its superlayer (every frame: a tight loop, or
    /// nothing while every timing is the identity).
    private mutating func updateAll() {
        guard nonIdentity > 0 else { return }
        let now = self.now
        clocks.withUnsafeMutableBufferPointer { clocks in
            if let order {
                for i in order { Self.update(i, in: clocks, now: now) }
            } else {
                for i in clocks.indices { Self.update(i, in: clocks, now: now) }
            }
        }
    }

    private mutating func update(_ i: Int) {
        let now = self.now
        clocks.withUnsafeMutableBufferPointer { Self.update(i, in: $0, now: now) }
    }

    private static func update(_ i: Int, in clocks: UnsafeMutableBufferPointer<Clock>, now: Double) {
        let p = clocks[i].parent
        let (pt, pr) = p >= 0 ? (clocks[p].localTime, clocks[p].localRate) : (now, 1)
        if clocks[i].isIdentity {
            clocks[i].localTime = pt
            clocks[i].localRate = pr
        } else {
            (clocks[i].localTime, clocks[i].localRate) = clocks[i].local(parentTime: pt, parentRate: pr)
        }
    }
}
