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

} // namespace sb::report
