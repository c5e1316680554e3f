// Checks a cosigned checkpoint with Go's golang.org/x/mod/sumdb/note, taken from Debian's
// golang-golang-x-mod-dev package: no module is downloaded (GOPROXY=off).
module veriwork.test/go-cosignature

go 1.19

require golang.org/x/mod v0.7.0

replace golang.org/x/mod => /usr/share/gocode/src/golang.org/x/mod
