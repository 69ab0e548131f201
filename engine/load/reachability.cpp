#include "load/reachability.h"

#include <algorithm>

namespace sb::load::detail {

namespace {

constexpr int64_t kConnectRetryNs = 10'000'000; // pause before reconnecting after a failed connect
constexpr int kMaxRetryDoublings = 6;           // ... doubling per failure, up to 640 ms

} // namespace

bool Reachability::unreachable(int64_t now) const
{
    return m_open == 0 && m_giveUpNs > 0 &&
           now - std::max(m_failingSinceNs, m_noneOpenSinceNs) >= m_giveUpNs;
}

int64_t Reachability::retryPauseNs(int failures)
{
    return kConnectRetryNs << std::min<int>(failures, kMaxRetryDoublings);
}

} // namespace sb::load::detail
