// go-tiles follows the registry's transparency log the way an outside monitor would, using
// only Go's golang.org/x/mod/sumdb/note and tlog (code the project did not write):
//
//  1. GET <site>/log/checkpoint and open it with note.Open against the pinned verifier key.
//  2. Read hash tiles over HTTP through tlog.TileHashReader, which authenticates every tile
//     against the signed root, and recompute the root with tlog.TreeHash.
//  3. Rebuild the whole tree from the entry bundles alone (tlog.RecordHash of each entry,
//     tlog.StoredHashes) and check that it gives the signed root too.
//  4. Check inclusion proofs made from the tiles (tlog.ProveRecord / tlog.CheckRecord).
//
// Usage: go run . <site URL> <verifier key> <origin>
// Prints one "ok …" line and exits 0, or prints the failure and exits 1.
package main

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

const tileHeight = 8

func main() {
	if len(os.Args) != 4 {
		fail("usage: go run . <site URL> <verifier key> <origin>")
	}
	site, vkey, origin := strings.TrimRight(os.Args[1], "/"), os.Args[2], os.Args[3]

	tree := openCheckpoint(site, vkey, origin)
	tiles := &httpTiles{site: site}
	hashes := tlog.TileHashReader(tree, tiles)

	root, err := tlog.TreeHash(tree.N, hashes)
	check(err, "tree hash from tiles")
	if root != tree.Hash {
		fail("root from tiles %v is not the signed root %v", root, tree.Hash)
	}

	rebuilt := rebuildFromEntries(site, tree.N)
	if rebuilt != tree.Hash {
		fail("root rebuilt from entry bundles %v is not the signed root %v", rebuilt, tree.Hash)
	}

	for _, n := range []int64{0, tree.N / 2, tree.N - 1} {
		leaf, err := hashes.ReadHashes([]int64{tlog.StoredHashIndex(0, n)})
		check(err, "leaf hash from tiles")
		proof, err := tlog.ProveRecord(tree.N, n, hashes)
		check(err, "inclusion proof from tiles")
		check(tlog.CheckRecord(proof, tree.N, tree.Hash, n, leaf[0]), fmt.Sprintf("inclusion of record %d", n))
	}
	fmt.Printf("ok size=%d root=%x tiles=%d\n", tree.N, tree.Hash[:], tiles.fetched)
}

// openCheckpoint verifies the signed checkpoint with note.Open and parses its C2SP body.
func openCheckpoint(site, vkey, origin string) tlog.Tree {
	verifier, err := note.NewVerifier(vkey)
	check(err, "verifier key")
	msg := get(site + "/log/checkpoint")
	n, err := note.Open(msg, note.VerifierList(verifier))
	check(err, "checkpoint signature")
	lines := strings.Split(n.Text, "\n")
	if len(lines) < 4 || lines[0] != origin {
		fail("checkpoint is not for origin %q: %q", origin, n.Text)
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	check(err, "checkpoint size")
	rootBytes, err := base64.StdEncoding.DecodeString(lines[2])
	check(err, "checkpoint root")
	if len(rootBytes) != tlog.HashSize {
		fail("checkpoint root is %d bytes", len(rootBytes))
	}
	var root tlog.Hash
	copy(root[:], rootBytes)
	return tlog.Tree{N: size, Hash: root}
}

// rebuildFromEntries hashes every entry of every bundle and builds the tree from nothing else.
func rebuildFromEntries(site string, size int64) tlog.Hash {
	var stored []tlog.Hash
	reader := tlog.HashReaderFunc(func(indexes []int64) ([]tlog.Hash, error) {
		out := make([]tlog.Hash, len(indexes))
		for i, x := range indexes {
			out[i] = stored[x]
		}
		return out, nil
	})
	var n int64
	for bundle := int64(0); n < size; bundle++ {
		width := size - bundle*256
		if width > 256 {
			width = 256
		}
		path := "/log/tile/entries/" + tileIndexPath(bundle)
		if width < 256 {
			path += ".p/" + strconv.FormatInt(width, 10)
		}
		data := get(site + path)
		for len(data) > 0 {
			if len(data) < 2 {
				fail("%s: truncated entry length", path)
			}
			length := int(binary.BigEndian.Uint16(data))
			if len(data) < 2+length {
				fail("%s: truncated entry", path)
			}
			hashes, err := tlog.StoredHashesForRecordHash(n, tlog.RecordHash(data[2:2+length]), reader)
			check(err, "stored hashes")
			stored = append(stored, hashes...)
			n++
			data = data[2+length:]
		}
		if n != bundle*256+width {
			fail("%s: expected %d entries in all, got %d", path, bundle*256+width, n)
		}
	}
	root, err := tlog.TreeHash(size, reader)
	check(err, "tree hash from entries")
	return root
}

// httpTiles is a tlog.TileReader over the C2SP URL layout: tile/<L>/<N>[.p/<W>], without the
// tile height that Go's own sumdb paths (tile.Path()) carry.
type httpTiles struct {
	site    string
	fetched int
}

func (t *httpTiles) Height() int { return tileHeight }

func (t *httpTiles) ReadTiles(tiles []tlog.Tile) ([][]byte, error) {
	out := make([][]byte, len(tiles))
	for i, tile := range tiles {
		path := fmt.Sprintf("/log/tile/%d/%s", tile.L, tileIndexPath(tile.N))
		if tile.W < 1<<tileHeight {
			path += fmt.Sprintf(".p/%d", tile.W)
		}
		out[i] = get(t.site + path)
		t.fetched++
	}
	return out, nil
}

func (t *httpTiles) SaveTiles([]tlog.Tile, [][]byte) {}

// tileIndexPath encodes n as 3-digit groups, all but the last prefixed with "x".
func tileIndexPath(n int64) string {
	s := fmt.Sprintf("%03d", n%1000)
	for n /= 1000; n > 0; n /= 1000 {
		s = fmt.Sprintf("x%03d/%s", n%1000, s)
	}
	return s
}

func get(url string) []byte {
	res, err := http.Get(url)
	check(err, "GET "+url)
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	check(err, "reading "+url)
	if res.StatusCode != http.StatusOK {
		fail("GET %s: %s: %s", url, res.Status, bytes.TrimSpace(body))
	}
	return body
}

func check(err error, what string) {
	if err != nil {
		fail("%s: %v", what, err)
	}
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "go-tiles: "+format+"\n", args...)
	os.Exit(1)
}
