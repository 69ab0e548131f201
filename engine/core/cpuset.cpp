#include "core/cpuset.h"

#include <algorithm>
#include <charconv>

namespace sb {

namespace {

constexpr int kMaxCpu = 1023; // CPU_SETSIZE - 1

Error listError(const char *code, std::string_view text, const std::string &why)
{
    return Error{code, std::string(),
                 "\"" + std::string(text) + "\" is not a CPU list like 0-3,6: " + why};
}

bool parseCpu(std::string_view s, int &cpu)
{
    if (s.empty() || s.size() > 6)
        return false;
    for (char c : s)
        if (c < '0' || c > '9')
            return false;
    std::from_chars(s.data(), s.data() + s.size(), cpu);
    return true;
}

} // namespace

Result<std::vector<int>> parseCpuList(std::string_view text)
{
    std::vector<int> cpus;
    if (text.empty())
        return listError("value.syntax", text, "it is empty");
    size_t pos = 0;
    while (pos <= text.size()) {
        const size_t comma = std::min(text.find(',', pos), text.size());
        const std::string_view part = text.substr(pos, comma - pos);
        const size_t dash = part.find('-');
        int first = 0;
        int last = 0;
        const std::string_view a = part.substr(0, dash);
        const std::string_view b = dash == std::string_view::npos ? a : part.substr(dash + 1);
        if (!parseCpu(a, first) || !parseCpu(b, last))
            return listError("value.syntax", text,
                             part.empty()
                                 ? std::string("an empty entry")
                                 : "\"" + std::string(part) + "\" is not a CPU or a range");
        if (first > kMaxCpu || last > kMaxCpu)
            return listError("value.range", text, "CPU numbers go up to 1023");
        if (last < first)
            return listError("value.range", text,
                             "the range \"" + std::string(part) + "\" is written backwards");
        for (int c = first; c <= last; ++c)
            cpus.push_back(c);
        pos = comma + 1;
    }
    std::sort(cpus.begin(), cpus.end());
    cpus.erase(std::unique(cpus.begin(), cpus.end()), cpus.end());
    return cpus;
}

std::string formatCpuList(const std::vector<int> &cpus)
{
    std::vector<int> sorted = cpus;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    std::string out;
    for (size_t i = 0; i < sorted.size();) {
        size_t j = i;
        while (j + 1 < sorted.size() && sorted[j + 1] == sorted[j] + 1)
            ++j;
        if (!out.empty())
            out += ',';
        out += std::to_string(sorted[i]);
        if (j > i)
            out += "-" + std::to_string(sorted[j]);
        i = j + 1;
    }
    return out;
}

std::vector<int> cpuOverlap(const std::vector<int> &a, const std::vector<int> &b)
{
    std::vector<int> x = a;
    std::vector<int> y = b;
    std::sort(x.begin(), x.end());
    std::sort(y.begin(), y.end());
    std::vector<int> out;
    std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(out));
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace sb
