import Foundation
import Testing

/// Emitter layers in scenes: cells from JSON, `particleCount` records, the `--particles` table,
/// and one-line errors that write nothing.
@Suite struct SceneParticleTests {
    let scene = """
        { "layers": [ { "name": "fountain", "kind": "emitter",
            "values": { "emitterPosition": [100, 200], "seed": 3 },
            "emitterCells": [ { "name": "drop", "birthRate": 20, "lifetime": 2, "velocity": 150,
              "emissionLongitude": -1.5707963267948966, "emissionRange": 0.3, "yAcceleration": 200,
              "emitterCells": [ { "name": "mist", "birthRate": 5, "lifetime": 0.5 } ] } ] } ],
          "sample": { "start": 0, "end": 3, "fps": 10 },
          "record": [ { "layer": "fountain", "keyPath": "particleCount" },
                      { "layer": "fountain", "keyPath": "particleCount.drop" } ] }
        """

    /// Counts: drops born at (i + ½)/20 living 2 s — ⌊20·t + ½⌋ until 2 s, then 40; the table
    /// has one row per live particle at each time, and the drops' rows match the record.
    @Test func countsAndTheParticleTableAgree() throws {
        let dir = try temporaryDirectory()
        let table = dir.appendingPathComponent("particles.csv").path
        let run = try CLIRun.run(["scene", scene, "--particles", table])
        #expect(run.status == 0, "\(run.stderr)")
        var drops: [String: Double] = [:], totals: [String: Double] = [:]
        for line in run.stdout.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",")
            if cells[2] == "particleCount.drop" { drops[String(cells[0])] = Double(cells[3]) }
            if cells[2] == "particleCount" { totals[String(cells[0])] = Double(cells[3]) }
        }
        for (time, count) in drops {
            let t = Double(time)!
            #expect(count == (t <= 2 ? (20 * t + 0.5).rounded(.down) : 40), "t \(t)")
        }
        let rows = try String(contentsOfFile: table, encoding: .utf8).split(separator: "\n")
        #expect(rows[0].hasPrefix("time,layer,cell,id,index,parent,birthTime,age,lifetime,x,y,z"))
        var perTime: [String: Double] = [:], dropsPerTime: [String: Double] = [:]
        for row in rows.dropFirst() {
            let cells = row.split(separator: ",")
            perTime[String(cells[0]), default: 0] += 1
            if cells[2] == "drop" { dropsPerTime[String(cells[0]), default: 0] += 1 }
            if cells[2] == "drop/mist" { #expect(cells[5] != "0") }
        }
        for (time, count) in totals where count > 0 {
            #expect(perTime[time] == count, "t \(time)")
            #expect(dropsPerTime[time] == drops[time], "t \(time)")
        }
    }

    /// A cell's own key path animated in a scene (`emitterCells.drop.birthRate` 0 → 35 over 2 s,
    /// linear): the drops counted are ⌊N + ½⌋ of N(t) = 8.75·t² (never a tie at the sampled
    /// times, where the rounding would hang on the last bit), and the key path is recorded.
    @Test func animatedCellKeyPathsInScenes() throws {
        let animated = scene.replacingOccurrences(
            of: "\"sample\"",
            with: """
                "actions": [ { "time": 0, "add": { "layer": "fountain", "key": "ramp", "animation": {
                  "keyPath": "emitterCells.drop.birthRate", "from": 0, "to": 35, "timing": { "duration": 2 } } } } ],
                "sample"
                """
        ).replacingOccurrences(
            of: "{ \"layer\": \"fountain\", \"keyPath\": \"particleCount\" }",
            with: "{ \"layer\": \"fountain\", \"keyPath\": \"emitterCells.drop.birthRate\" }")
        let run = try CLIRun.run(["scene", animated])
        #expect(run.status == 0, "\(run.stderr)")
        var rates: [Double: Double] = [:], drops: [Double: Double] = [:]
        for line in run.stdout.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",")
            let t = Double(cells[0])!, value = Double(cells[3])!
            if cells[2] == "particleCount.drop" { drops[t] = value }
            if cells[2] == "emitterCells.drop.birthRate" { rates[t] = value }
        }
        #expect(drops.count == 31 && rates.count == 31)
        for (t, count) in drops where t < 2 {
            #expect(count == (8.75 * t * t + 0.5).rounded(.down), "t \(t)")
            #expect(abs(rates[t]! - 17.5 * t) < 1e-9, "t \(t)")
        }
        // After the animation the model value (the cell's 20 a second) holds.
        #expect(rates[3] == 20)
    }

    /// Bad emitters are one line naming the key, and no file is written.
    @Test func badEmittersWriteNothing() throws {
        let dir = try temporaryDirectory()
        let table = dir.appendingPathComponent("particles.csv").path
        let cases: [(String, String)] = [
            (scene.replacingOccurrences(of: "\"birthRate\": 20", with: "\"birthRate\": -20"), "birthRate = -20"),
            (
                scene.replacingOccurrences(of: "\"lifetime\": 2,", with: "\"lifetime\": 2, \"velocityRange\": null,"),
                "velocityRange"
            ),
            (scene.replacingOccurrences(of: "\"kind\": \"emitter\",", with: ""), "emitterCells"),
            (scene.replacingOccurrences(of: "\"birthRate\": 20", with: "\"birthRate\": 1e7"), "10000000"),
            (scene.replacingOccurrences(of: "\"seed\": 3", with: "\"seed\": -3"), "seed"),
        ]
        for (text, fragment) in cases {
            let run = try CLIRun.run(["scene", text, "--particles", table])
            #expect(run.status != 0)
            #expect(run.stderr.split(separator: "\n").count == 1 && run.stderr.contains(fragment), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: table))
        }
    }
}
