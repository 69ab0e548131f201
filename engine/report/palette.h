#pragma once

// The one palette table: mid-lightness categorical colours (Tableau 10) that read on light and
// dark backgrounds alike. A configuration keeps its colour, by its position in the plan, in the
// HTML report's charts and on every page of the GUI (ui/charts/palette.h reads this table).

#include <array>
#include <cstdint>

namespace sb::report {

inline constexpr std::array<uint32_t, 10> kConfigurationColours = {
    0x4e79a7, 0xf28e2b, 0x59a14f, 0xb07aa1, 0x76b7b2,
    0xedc948, 0xe15759, 0xff9da7, 0x9c755f, 0xbab0ac};

// 0xRRGGBB of the configuration at `index` (wraps around after 10; negative wraps too).
inline constexpr uint32_t configurationColour(int index)
{
    const int n = int(kConfigurationColours.size());
    return kConfigurationColours[size_t(((index % n) + n) % n)];
}

// Flame graphs (profile/flamelayout.h), in the HTML report's SVG and the GUI's widget alike:
// warm colours as Brendan Gregg's flame graphs draw them, a frame's by a stable hash of its
// name (flameNameHash), so a function keeps its colour in every graph. Text on them is dark.
inline constexpr std::array<uint32_t, 8> kFlameColours = {0xf0a050, 0xf4b860, 0xe8884a, 0xf6c86e,
                                                          0xe97a3f, 0xf2ac5a, 0xeb9450, 0xf8d27a};
inline constexpr uint32_t kFlameText = 0x1d2330;
// The root ("all samples") and the frames a search does not match while a search is on.
inline constexpr uint32_t kFlameRoot = 0xd8dce3;
inline constexpr uint32_t kFlameDimmed = 0xe6e8ec;
// A frame that matches the search.
inline constexpr uint32_t kFlameMatch = 0xb07aa1;

// FNV-1a of the name's UTF-16 code units: the same in every process (qHash is seeded).
inline constexpr uint32_t flameNameHash(const char16_t *utf16, long long length)
{
    uint32_t h = 2166136261u;
    for (long long i = 0; i < length; ++i) {
        h ^= uint32_t(utf16[i]);
        h *= 16777619u;
    }
    return h;
}

inline constexpr uint32_t flameColour(uint32_t nameHash)
{
    return kFlameColours[nameHash % kFlameColours.size()];
}

// A differential flame graph: the palette's red for a frame whose share grew, its blue for one
// that shrank, a light grey for no change, mixed by |delta| / scale (capped at 1). `delta` is
// the change in share (B - A, -1..1); `scale` the change drawn in full colour (> 0).
inline constexpr uint32_t kDiffGrew = 0xe15759;
inline constexpr uint32_t kDiffShrank = 0x4e79a7;
inline constexpr uint32_t kDiffSame = 0xeeeeee;
// Below this `scale` (2 percentage points), small changes would look like large ones: a
// differential graph never scales its colours to less.
inline constexpr double kDiffMinScale = 0.02;

inline constexpr uint32_t diffColour(double delta, double scale)
{
    const uint32_t end = delta >= 0 ? kDiffGrew : kDiffShrank;
    double t = (delta >= 0 ? delta : -delta) / (scale > 0 ? scale : 1.0);
    t = t > 1 ? 1 : t;
    uint32_t out = 0;
    for (int shift = 0; shift <= 16; shift += 8) {
        const double from = double((kDiffSame >> shift) & 0xff);
        const double to = double((end >> shift) & 0xff);
        out |= uint32_t(from + (to - from) * t + 0.5) << shift;
    }
    return out;
}

} // namespace sb::report
