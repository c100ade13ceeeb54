// Package tagged is the fixture for -tags: the monitored loop's stuck call
// and a context.TODO() are only in a file built with the agenttag tag.
package tagged
