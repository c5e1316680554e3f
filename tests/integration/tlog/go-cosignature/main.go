// go-cosignature opens a checkpoint read from stdin with Go's golang.org/x/mod/sumdb/note:
// the log's signature with note.NewVerifier, and each witness cosignature with a note.Verifier
// written here from the C2SP tlog-cosignature spec alone (timestamped Ed25519, key type 0x04),
// independently of the project's TypeScript.
//
// Usage: go run . <log vkey> <witness vkey>... < checkpoint
// Prints "ok log=<name> cosigners=<names>" and exits 0 when every given key signed, else fails.
package main

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/mod/sumdb/note"
)

type cosignatureVerifier struct {
	name string
	hash uint32
	key  ed25519.PublicKey
}

func (v *cosignatureVerifier) Name() string    { return v.name }
func (v *cosignatureVerifier) KeyHash() uint32 { return v.hash }

// Verify checks timestamp (8 bytes, big-endian) || Ed25519 signature over
// "cosignature/v1\ntime <timestamp>\n" || the note text.
func (v *cosignatureVerifier) Verify(msg, sig []byte) bool {
	if len(sig) != 8+ed25519.SignatureSize {
		return false
	}
	t := binary.BigEndian.Uint64(sig[:8])
	signed := append([]byte(fmt.Sprintf("cosignature/v1\ntime %d\n", t)), msg...)
	return ed25519.Verify(v.key, signed, sig[8:])
}

func witnessVerifier(vkey string) *cosignatureVerifier {
	parts := strings.SplitN(vkey, "+", 3)
	if len(parts) != 3 {
		fail("bad witness key " + vkey)
	}
	raw, err := base64.StdEncoding.DecodeString(parts[2])
	if err != nil || len(raw) != 33 || raw[0] != 0x04 {
		fail("witness key is not type 0x04: " + vkey)
	}
	h := sha256.Sum256(append([]byte(parts[0]+"\n"), raw...))
	id := binary.BigEndian.Uint32(h[:4])
	if fmt.Sprintf("%08x", id) != parts[1] {
		fail("witness key id does not match: " + vkey)
	}
	return &cosignatureVerifier{name: parts[0], hash: id, key: ed25519.PublicKey(raw[1:])}
}

func main() {
	if len(os.Args) < 3 {
		fail("usage: go run . <log vkey> <witness vkey>... < checkpoint")
	}
	logVerifier, err := note.NewVerifier(os.Args[1])
	if err != nil {
		fail("log key: " + err.Error())
	}
	verifiers := []note.Verifier{logVerifier}
	for _, vkey := range os.Args[2:] {
		verifiers = append(verifiers, witnessVerifier(vkey))
	}
	msg, err := io.ReadAll(os.Stdin)
	if err != nil {
		fail(err.Error())
	}
	n, err := note.Open(msg, note.VerifierList(verifiers...))
	if err != nil {
		fail("note.Open: " + err.Error())
	}
	signed := map[string]bool{}
	for _, s := range n.Sigs {
		signed[s.Name] = true
	}
	var cosigners []string
	for _, v := range verifiers {
		if !signed[v.Name()] {
			fail("no valid signature by " + v.Name())
		}
		if v != logVerifier {
			cosigners = append(cosigners, v.Name())
		}
	}
	fmt.Printf("ok log=%s cosigners=%s\n", logVerifier.Name(), strings.Join(cosigners, ","))
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(1)
}
