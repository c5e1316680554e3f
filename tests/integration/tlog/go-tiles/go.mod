// Checks the log's C2SP tlog-tiles API with Go's own implementation (golang.org/x/mod/sumdb),
// taken from Debian's golang-golang-x-mod-dev package: no module is downloaded (GOPROXY=off).
module veriwork.test/go-tiles

go 1.19

require golang.org/x/mod v0.7.0

replace golang.org/x/mod => /usr/share/gocode/src/golang.org/x/mod
