import Harmonic
import HarmonicJSON

/// Emitter cells in JSON (a layer's `emitterCells`): Core Animation's property names.
///
/// ```json
/// { "name": "confetti", "birthRate": 40, "lifetime": 4, "lifetimeRange": 1,
///   "velocity": 250, "velocityRange": 80, "emissionLongitude": -1.5708, "emissionRange": 0.6,
///   "yAcceleration": 300, "scale": 1, "scaleRange": 0.3, "spin": 2, "spinRange": 4,
///   "color": [1, 0.4, 0.2, 1], "redRange": 0.3, "alphaSpeed": -0.2, "drag": 0.5,
///   "beginTime": 0, "duration": 2, "emitterCells": [ … ] }
/// ```
///
/// Every key is optional (Core Animation's defaults; `name` is needed to tell siblings apart
/// and to reach a cell in records): `enabled`; `birthRate`, `lifetime`, `lifetimeRange`;
/// `emissionLatitude`, `emissionLongitude`, `emissionRange` (radians); `velocity`,
/// `velocityRange`; `xAcceleration`, `yAcceleration`, `zAcceleration`; `scale`, `scaleRange`,
/// `scaleSpeed`; `spin`, `spinRange`; `color` (RGBA), `redRange` … `alphaRange`, `redSpeed` …
/// `alphaSpeed`; `contents` (an image file, a data URI, or any name); `drag` (Harmonic's linear
/// drag, 1/s); the emission's media timing `beginTime`, `duration`, `speed`, `timeOffset`,
/// `repeatCount`, `repeatDuration`, `autoreverses`; and `emitterCells`, the sub-cells.
package enum EmitterCellSpec {
    /// The cells of a JSON array.
    package static func cells(_ value: JSONValue, name: String) throws(HarmonicError) -> [EmitterCell] {
        guard case let .array(items) = value else {
            throw .invalidParameter(name: name, value: value.summary, allowed: "an array of emitter cells")
        }
        var cells: [EmitterCell] = []
        for (i, item) in items.enumerated() { cells.append(try cell(item, name: "\(name)[\(i)]")) }
        return cells
    }

    /// One cell.
    static func cell(_ value: JSONValue, name: String) throws(HarmonicError) -> EmitterCell {
        var r = try JSONObjectReader(value, path: name)
        var cell = EmitterCell(name: try r.string("name") ?? "")
        cell.isEnabled = try r.bool("enabled") ?? true
        func number(_ key: String, _ target: inout Double) throws(HarmonicError) {
            if let x = try r.number(key) { target = x }
        }
        try number("birthRate", &cell.birthRate)
        try number("lifetime", &cell.lifetime)
        try number("lifetimeRange", &cell.lifetimeRange)
        try number("emissionLatitude", &cell.emissionLatitude)
        try number("emissionLongitude", &cell.emissionLongitude)
        try number("emissionRange", &cell.emissionRange)
        try number("velocity", &cell.velocity)
        try number("velocityRange", &cell.velocityRange)
        try number("xAcceleration", &cell.acceleration.x)
        try number("yAcceleration", &cell.acceleration.y)
        try number("zAcceleration", &cell.acceleration.z)
        try number("scale", &cell.scale)
        try number("scaleRange", &cell.scaleRange)
        try number("scaleSpeed", &cell.scaleSpeed)
        try number("spin", &cell.spin)
        try number("spinRange", &cell.spinRange)
        try number("drag", &cell.drag)
        if let color = try r.numbers("color") {
            guard color.count == 4 else {
                throw .invalidParameter(
                    name: r.name("color"), value: "\(color.count) numbers", allowed: "four: red, green, blue, alpha")
            }
            cell.color = SIMD4(color[0], color[1], color[2], color[3])
        }
        for (k, channel) in ["red", "green", "blue", "alpha"].enumerated() {
            try number("\(channel)Range", &cell.colorRange[k])
            try number("\(channel)Speed", &cell.colorSpeed[k])
        }
        cell.contents = try r.string("contents") ?? ""
        let timingKeys = ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration"]
        if timingKeys.contains(where: r.contains) || r.contains("autoreverses") {
            do {
                cell.emission = try MediaTiming(
                    beginTime: r.number("beginTime") ?? 0, duration: r.number("duration") ?? .infinity,
                    speed: r.number("speed") ?? 1, timeOffset: r.number("timeOffset") ?? 0,
                    repeatCount: r.number("repeatCount") ?? 0, repeatDuration: r.number("repeatDuration") ?? 0,
                    autoreverses: r.bool("autoreverses") ?? false, fillMode: .both)
            } catch {
                throw error.prefixingParameter(with: name)
            }
        }
        if let sub = r.value("emitterCells") { cell.emitterCells = try cells(sub, name: r.name("emitterCells")) }
        try r.finish()
        return cell
    }
}
