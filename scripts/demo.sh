#!/usr/bin/env bash
# The main job: write a set of example spring curves as CSV, plus a summary, to an output
# folder. Usage: scripts/demo.sh PATH/TO/harmonic OUTDIR
set -euo pipefail
bin="$1"
out="$2"
mkdir -p "$out"

springs=(
  "ca-default|{\"spring\": {\"mass\": 1, \"stiffness\": 100, \"damping\": 10}}"
  "ca-damping-5|{\"spring\": {\"mass\": 1, \"stiffness\": 100, \"damping\": 5}}"
  "ca-damping-15|{\"spring\": {\"mass\": 1, \"stiffness\": 100, \"damping\": 15}}"
  "critical|{\"spring\": {\"mass\": 1, \"stiffness\": 100, \"damping\": 20}}"
  "overdamped|{\"spring\": {\"mass\": 1, \"stiffness\": 100, \"damping\": 60}}"
  "swiftui-bouncy|{\"spring\": {\"duration\": 0.5, \"bounce\": 0.3}}"
  "swiftui-snappy|{\"spring\": {\"duration\": 0.5, \"bounce\": 0.15}}"
  "response-0.4-ratio-0.6|{\"spring\": {\"response\": 0.4, \"dampingRatio\": 0.6}}"
)

summary="$out/springs-summary.txt"
{
  printf '%-24s %22s %22s\n' "curve" "settlingDuration (s)" "exact settle 1e-3 (s)"
} > "$summary"
for entry in "${springs[@]}"; do
  name="${entry%%|*}"
  spec="${entry#*|}"
  "$bin" sample "$spec" --start 0 --end 3 --fps 120 --velocity --output "$out/spring-$name.csv"
  printf '%-24s %22s %22s\n' "$name" "$("$bin" settle "$spec")" "$("$bin" settle "$spec" --exact)" >> "$summary"
done

# A chart of Core Animation's default spring with its velocity, and the same spring in other
# ecosystems' parameters and as CSS linear().
default_spring='{"spring": {"mass": 1, "stiffness": 100, "damping": 10}}'
"$bin" plot "$default_spring" --velocity --output "$out/spring-ca-default.svg"
"$bin" plot '{"spring": {"duration": 0.6, "bounce": 0.2}, "from": [0, 0], "to": [300, 120]}' \
  --velocity --output "$out/spring-2d.svg"
conversions="$out/spring-conversions.txt"
{
  for target in swiftui uikit android motion react-spring css; do
    printf '%-13s %s\n' "$target" "$("$bin" convert "$default_spring" --to "$target")"
  done
} > "$conversions"

# Timing functions: Core Animation's named curves on their own input, an overshooting CSS
# cubic-bezier(), and CSS steps() under a media timing (repeat, autoreverse, fill) over time.
for name in linear easeIn easeOut easeInEaseOut default; do
  "$bin" sample "{\"timingFunction\": \"$name\"}" --count 101 --velocity --output "$out/timing-$name.csv"
done
"$bin" plot '{"css": "cubic-bezier(0.68, -0.55, 0.265, 1.55)"}' --velocity --output "$out/timing-back.svg"
"$bin" plot '{"css": "steps(4, jump-start)", "timing": {"duration": 1, "repeatCount": 2, "autoreverses": true, "fillMode": "both"}, "from": 0, "to": 100}' \
  --start=-0.5 --end 4.5 --output "$out/timing-steps.svg"

# The engine adapter: an implicit spring interrupted mid-flight, and an implicit fade, played
# as a scene (presentation values with velocities, and the event log).
scene='{"layers": [{"name": "ball", "values": {"position": [0, 0], "opacity": 1}}],
  "actions": [
    {"time": 0, "set": {"layer": "ball", "keyPath": "position.x", "value": 300, "transaction": {"spring": {"stiffness": 170, "damping": 15}}}},
    {"time": 0.3, "set": {"layer": "ball", "keyPath": "position.x", "value": 100, "transaction": {"spring": {"stiffness": 170, "damping": 15}}}},
    {"time": 0.5, "begin": {"duration": 0.5, "timingFunction": "easeOut"}},
    {"time": 0.5, "set": {"layer": "ball", "keyPath": "opacity", "value": 0.25}},
    {"time": 0.5, "commit": {}}],
  "sample": {"start": 0, "end": 1.5, "fps": 60}}'
"$bin" scene "$scene" --velocity --output "$out/scene-interrupt.csv" --events "$out/scene-interrupt-events.csv"

# The same scene drawn, the ball given a size and a colour: one SVG frame per tenth of a
# second (into a new directory each run).
drawn="{\"layers\": [{\"name\": \"ball\", \"values\": {\"position\": [0, 0], \"opacity\": 1, \"bounds\": [0, 0, 30, 30], \"cornerRadius\": 15, \"backgroundColor\": [0.2, 0.4, 0.9, 1]}}],${scene#*\}\}\],}"
rm -rf "$out/scene-frames"
"$bin" scene "$drawn" --frames svg --output "$out/scene-frames" --start 0 --end 1.5 --fps 10 --viewport=-20,-20,340,40

# A Lottie animation (Examples/lottie/loader.json): its info, and frames 0…60 every 15 as SVG.
lottie="$(dirname "$0")/../Examples/lottie/loader.json"
"$bin" lottie "$lottie" --info --output "$out/lottie-info.json"
rm -rf "$out/lottie-frames"
"$bin" lottie "$lottie" --frames 0:60:15 --output "$out/lottie-frames"

cat "$summary"
echo
cat "$conversions"
echo
echo "Wrote ${#springs[@]} spring curves (time, value, velocity at 120 fps over 3 s) to $out/spring-*.csv"
echo "Summary: $summary"
echo "Plots: $out/spring-ca-default.svg, $out/spring-2d.svg (open in a browser)"
echo "Conversions of the default spring: $conversions"
echo "Timing functions: $out/timing-*.csv (progress, value, slope); plots $out/timing-back.svg, $out/timing-steps.svg"
echo "Engine scene (interrupted spring, implicit fade): $out/scene-interrupt.csv, events $out/scene-interrupt-events.csv"
echo "The scene drawn: $out/scene-frames/frame-*.svg, index $out/scene-frames/frames.csv"
echo "A Lottie animation: $out/lottie-info.json, frames $out/lottie-frames/frame-*.svg"
