package trace

import "encoding/json"

// recorder keeps or streams the events of one trace within its caps of
// events and bytes, the same way for every puzzle.
type recorder[E any] struct {
	sink     Sink  // nil: the events are kept in events
	max      int   // cap on the events
	maxBytes int64 // cap on their encoded size, newlines included; 0: none
	events   []E
	kept     int
	size     int64
	byBytes  bool  // the last refusal was for the byte cap
	err      error // from encoding an event or from the sink
}

// add keeps ev, or sends it to the sink. It returns false, recording
// nothing, when the trace is at its cap (byBytes says which) or when
// encoding or the sink failed (err).
func (r *recorder[E]) add(ev E) bool {
	if r.kept >= r.max {
		return false
	}
	if r.sink != nil || r.maxBytes > 0 {
		data, err := json.Marshal(&ev)
		if err != nil {
			r.err = err
			return false
		}
		if r.maxBytes > 0 && r.size+int64(len(data))+1 > r.maxBytes {
			r.byBytes = true
			return false
		}
		r.size += int64(len(data)) + 1
		if r.sink != nil {
			if r.err = r.sink.Event(data); r.err != nil {
				return false
			}
			r.kept++
			return true
		}
	}
	r.events = append(r.events, ev)
	r.kept++
	return true
}

// list returns the events kept, an empty slice rather than nil.
func (r *recorder[E]) list() []E {
	if r.events == nil {
		return []E{}
	}
	return r.events
}
