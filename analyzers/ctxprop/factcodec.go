package ctxprop

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// A Summary is encoded with each distinct string written once: the hops
// of a path repeat the same files and functions, and reaches share sinks
// and reasons. go vet writes the encoded facts of every package to its
// .vetx file and decodes them in every importer, so their size is paid
// many times over. Gob is still the envelope (the drivers use it); this is
// only the Summary's own body.

const summaryCodecVersion = 8

// GobEncode implements gob.GobEncoder.
func (s *Summary) GobEncode() ([]byte, error) {
	var strs []string
	index := map[string]uint64{}
	intern := func(str string) uint64 {
		i, ok := index[str]
		if !ok {
			i = uint64(len(strs))
			index[str] = i
			strs = append(strs, str)
		}
		return i
	}
	var body []byte
	body = binary.AppendUvarint(body, uint64(len(s.Reaches)))
	for _, r := range s.Reaches {
		body = binary.AppendUvarint(body, intern(r.Sink))
		body = binary.AppendVarint(body, int64(r.Param))
		body = binary.AppendUvarint(body, intern(r.Why))
		body = binary.AppendUvarint(body, intern(r.Timeout))
		body = binary.AppendUvarint(body, intern(r.Origin))
		body = binary.AppendUvarint(body, intern(r.Entry))
		body = binary.AppendUvarint(body, intern(r.SinkAt))
		body = binary.AppendUvarint(body, uint64(r.Via))
		if r.Guard.Cond == "" {
			body = binary.AppendUvarint(body, 0)
		} else {
			body = binary.AppendUvarint(body, uint64(r.Guard.Param)+1)
			body = binary.AppendUvarint(body, intern(r.Guard.Cond))
			body = append(body, boolByte(r.Guard.Want))
		}
		body = binary.AppendUvarint(body, uint64(r.Len()))
		for h := range r.Hops() {
			body = appendHop(body, h, intern)
		}
	}
	body = binary.AppendUvarint(body, uint64(len(s.Fields)))
	for _, f := range s.Fields {
		body = binary.AppendVarint(body, int64(f.Param))
		body = binary.AppendUvarint(body, intern(f.Field))
		body = binary.AppendUvarint(body, intern(f.FieldPkg))
		body = append(body, boolByte(f.Open)|boolByte(f.Setters)<<1)
		body = binary.AppendUvarint(body, uint64(len(f.Args)))
		for _, a := range f.Args {
			body = append(body, a.Kind)
			if a.Kind != 0 {
				body = binary.AppendVarint(body, int64(a.Param))
				body = binary.AppendUvarint(body, intern(a.Why))
				body = binary.AppendUvarint(body, intern(a.Timeout))
				body = binary.AppendUvarint(body, intern(a.Origin))
			}
		}
		body = binary.AppendUvarint(body, uint64(len(f.Path)))
		for _, h := range f.Path {
			body = appendHop(body, h, intern)
		}
	}
	out := []byte{summaryCodecVersion}
	out = binary.AppendUvarint(out, uint64(len(strs)))
	for _, str := range strs {
		out = binary.AppendUvarint(out, uint64(len(str)))
		out = append(out, str...)
	}
	return append(out, body...), nil
}

func appendHop(body []byte, h Hop, intern func(string) uint64) []byte {
	body = binary.AppendUvarint(body, intern(h.Func))
	body = binary.AppendUvarint(body, intern(h.File))
	body = binary.AppendUvarint(body, uint64(h.Line))
	body = binary.AppendUvarint(body, uint64(h.Col))
	dyn := uint64(0)
	if h.Dynamic {
		dyn = 1
	}
	body = binary.AppendUvarint(body, dyn)
	return binary.AppendUvarint(body, intern(h.Source))
}

// GobDecode implements gob.GobDecoder.
func (s *Summary) GobDecode(data []byte) error {
	d := factDecoder{data: data}
	if v := d.byte(); v != summaryCodecVersion {
		return fmt.Errorf("ctxprop: summary fact: encoding version %d, want %d (facts from another ctxlint version?)", v, summaryCodecVersion)
	}
	strs := make([]string, d.count())
	for i := range strs {
		strs[i] = string(d.bytes(d.count()))
	}
	str := func() string {
		i := d.uvarint()
		if i >= uint64(len(strs)) {
			d.fail()
			return ""
		}
		return strs[i]
	}
	var reaches []Reach
	if n := d.count(); n > 0 {
		reaches = make([]Reach, n)
	}
	for i := range reaches {
		r := &reaches[i]
		r.Sink = str()
		r.Param = int(d.varint())
		r.Why, r.Timeout, r.Origin = str(), str(), str()
		r.Entry, r.SinkAt = str(), str()
		r.Via = int(d.uvarint())
		if p := d.uvarint(); p > 0 {
			r.Guard = Guard{Param: int(p - 1), Cond: str(), Want: d.byte() != 0}
		}
		hops := make([]Hop, d.count())
		if len(hops) == 0 {
			d.fail() // a reach has its sink's call at least
		}
		for j := range hops {
			hops[j] = d.hop(str)
		}
		r.SetPath(hops)
	}
	var fields []FieldCall
	if n := d.count(); n > 0 {
		fields = make([]FieldCall, n)
	}
	for i := range fields {
		f := &fields[i]
		f.Param = int(d.varint())
		f.Field, f.FieldPkg = str(), str()
		flags := d.byte()
		f.Open, f.Setters = flags&1 != 0, flags&2 != 0
		if n := d.count(); n > 0 {
			f.Args = make([]ArgState, n)
		}
		for j := range f.Args {
			a := &f.Args[j]
			if a.Kind = d.byte(); a.Kind != 0 {
				a.Param = int(d.varint())
				a.Why, a.Timeout, a.Origin = str(), str(), str()
			}
		}
		f.Path = make([]Hop, d.count())
		if len(f.Path) == 0 {
			d.fail() // a field call has its own call at least
		}
		for j := range f.Path {
			f.Path[j] = d.hop(str)
		}
	}
	for _, r := range reaches {
		if r.Via > len(fields) {
			d.fail()
		}
	}
	if d.err != nil {
		return d.err
	}
	if len(d.data) > 0 {
		return errors.New("ctxprop: summary fact: trailing bytes")
	}
	s.Reaches, s.Fields = reaches, fields
	return nil
}

func (d *factDecoder) hop(str func() string) Hop {
	var h Hop
	h.Func, h.File = str(), str()
	h.Line, h.Col = int(d.uvarint()), int(d.uvarint())
	h.Dynamic = d.uvarint() == 1
	h.Source = str()
	return h
}

// factDecoder reads varints and strings, remembering the first error: the
// caller checks once at the end.
type factDecoder struct {
	data []byte
	err  error
}

func (d *factDecoder) fail() {
	if d.err == nil {
		d.err = errors.New("ctxprop: summary fact: truncated or corrupt")
	}
	d.data = nil
}

func (d *factDecoder) byte() byte {
	if len(d.data) == 0 {
		d.fail()
		return 0
	}
	b := d.data[0]
	d.data = d.data[1:]
	return b
}

func (d *factDecoder) uvarint() uint64 { return readVarint(d, binary.Uvarint) }

func (d *factDecoder) varint() int64 { return readVarint(d, binary.Varint) }

// readVarint reads one number with read, binary.Uvarint or binary.Varint.
func readVarint[T uint64 | int64](d *factDecoder, read func([]byte) (T, int)) T {
	v, n := read(d.data)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.data = d.data[n:]
	return v
}

// count reads a length, bounded by the bytes left so that a corrupt one
// cannot make a huge allocation: every counted item takes at least a byte.
func (d *factDecoder) count() int {
	n := d.uvarint()
	if n > uint64(len(d.data)) {
		d.fail()
		return 0
	}
	return int(n)
}

func (d *factDecoder) bytes(n int) []byte {
	if n > len(d.data) {
		d.fail()
		return nil
	}
	b := d.data[:n]
	d.data = d.data[n:]
	return b
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}
