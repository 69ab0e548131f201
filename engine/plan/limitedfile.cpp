#include "limitedfile.h"

#include <QFile>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace sb::plan {

namespace {

std::string sizeText(qint64 bytes)
{
    constexpr qint64 kMiB = 1024 * 1024;
    if (bytes >= kMiB && bytes % kMiB == 0)
        return std::to_string(bytes / kMiB) + " MiB";
    return std::to_string(bytes) + " bytes";
}

const char *kindOf(mode_t mode)
{
    if (S_ISDIR(mode))
        return "a directory";
    if (S_ISCHR(mode))
        return "a character device";
    if (S_ISBLK(mode))
        return "a block device";
    if (S_ISFIFO(mode))
        return "a FIFO (named pipe)";
    if (S_ISSOCK(mode))
        return "a socket";
    return "not a file";
}

sb::Error failure(const char *code, std::string detail)
{
    return sb::Error{code, std::string(), std::move(detail)};
}

sb::Error tooLarge(qint64 maxBytes)
{
    return failure("io.size", "larger than " + sizeText(maxBytes) +
                                  ", the limit for plan files and \"@file\" bodies");
}

// Reads `fd` to its end, failing past `maxBytes` (a file may grow, or report size 0 as /proc does).
sb::Result<QByteArray> readAtMost(int fd, qint64 sizeHint, qint64 maxBytes)
{
    QByteArray data;
    data.reserve(qsizetype(std::min(sizeHint, maxBytes) + 1));
    char buffer[64 * 1024];
    while (true) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0)
            return failure("io.read", std::strerror(errno));
        if (n == 0)
            return data;
        if (data.size() + n > maxBytes)
            break;
        data.append(buffer, qsizetype(n));
    }
    return tooLarge(maxBytes);
}

} // namespace

sb::Result<QByteArray> readLimitedFile(const QString &path, qint64 maxBytes)
{
    // O_NONBLOCK: opening a FIFO must not wait for a writer; fstat then refuses it.
    const int fd =
        ::open(QFile::encodeName(path).constData(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (fd < 0)
        return failure("io.open", std::strerror(errno));
    struct stat st = {};
    sb::Result<QByteArray> result = failure("io.read", "cannot stat");
    if (::fstat(fd, &st) != 0)
        result = failure("io.read", std::strerror(errno));
    else if (!S_ISREG(st.st_mode))
        result = failure("io.type", std::string(kindOf(st.st_mode)) + ", not a regular file");
    else if (st.st_size > maxBytes)
        result = tooLarge(maxBytes);
    else
        result = readAtMost(fd, qint64(st.st_size), maxBytes);
    ::close(fd);
    return result;
}

} // namespace sb::plan
