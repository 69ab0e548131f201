#pragma once

// The load engine's spec of a window's phase (internal to the engine: run/loadwindow.cpp and the
// tests that check what reaches the load engine; ui/ and app/ see only WindowSpec).

#include "load/loadspec.h"
#include "run/loadwindow.h"

namespace sb::run {

// The load engine's spec of one phase of `s`: its measured length, or its warm-up's
// (`warmUp`). HTTP/2 (s.request.protocol) sets the protocol, ALPN "h2" over TLS and s.streams
// streams per connection; connections and request counts stay what the spec says.
load::LoadSpec loadSpecOf(const WindowSpec &s, bool warmUp);

} // namespace sb::run
