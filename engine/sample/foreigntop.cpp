#include "sample/foreigntop.h"

#include <algorithm>
#include <cstring>

namespace sb::sample {

namespace {

bool safeByte(unsigned char c)
{
    if (c < 0x20 || c > 0x7e)
        return false; // control characters, DEL, and bytes of possibly cut UTF-8 sequences
    return std::strchr("<>&\"'`\\", c) == nullptr;
}

void copyName(char (&out)[kProcessNameBytes], const char *name)
{
    const size_t n = name ? strnlen(name, kProcessNameBytes - 1) : 0;
    std::memcpy(out, name ? name : "", n);
    out[n] = '\0';
}

} // namespace

std::string sanitizedProcessName(std::string_view comm)
{
    std::string out(comm.substr(0, kProcessNameBytes - 1));
    for (char &c : out)
        if (!safeByte(static_cast<unsigned char>(c)))
            c = '?';
    return out;
}

void ForeignTop::offer(pid_t pid, const char *name, int64_t cpuNs)
{
    if (cpuNs <= 0)
        return;
    int at = 0;
    while (at < count && items[size_t(at)].cpuNs >= cpuNs)
        ++at;
    if (at >= kForeignTopSize)
        return;
    for (int i = std::min(count, kForeignTopSize - 1); i > at; --i)
        items[size_t(i)] = items[size_t(i - 1)];
    ForeignProcess &p = items[size_t(at)];
    p.pid = pid;
    copyName(p.name, name);
    p.cpuNs = cpuNs;
    p.cores = 0;
    count = std::min(count + 1, kForeignTopSize);
}

void ForeignTop::merge(const ForeignTop &other)
{
    std::array<ForeignProcess, 2 * kForeignTopSize> all{};
    int n = 0;
    for (const ForeignProcess &p : *this)
        all[size_t(n++)] = p;
    for (const ForeignProcess &p : other) {
        auto same = std::find_if(all.begin(), all.begin() + n,
                                 [&p](const ForeignProcess &q) { return q.pid == p.pid; });
        if (same != all.begin() + n)
            same->cpuNs += p.cpuNs;
        else
            all[size_t(n++)] = p;
    }
    std::stable_sort(
        all.begin(), all.begin() + n,
        [](const ForeignProcess &a, const ForeignProcess &b) { return a.cpuNs > b.cpuNs; });
    count = 0;
    for (int i = 0; i < n; ++i)
        offer(all[size_t(i)].pid, all[size_t(i)].name, all[size_t(i)].cpuNs);
}

void ForeignTop::rate(int64_t spanNs)
{
    int kept = 0;
    for (int i = 0; i < count; ++i) {
        ForeignProcess p = items[size_t(i)];
        p.cores = spanNs > 0 ? double(p.cpuNs) / double(spanNs) : 0;
        if (spanNs > 0 && p.cores >= kForeignTopMinCores)
            items[size_t(kept++)] = p;
    }
    count = kept;
}

} // namespace sb::sample
