package tgblame

// fetcher is what the Windows service manager polls; it passes no
// context, so Disk's Fetch must keep its signature on Windows.
type fetcher interface{ Fetch() error }

var _ fetcher = (*Disk)(nil)
