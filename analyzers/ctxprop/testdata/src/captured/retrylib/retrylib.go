// Package retrylib stands for a retry library of another package, such as
// a backoff helper: it runs the operation it is given until it succeeds.
package retrylib

// Do runs op until it succeeds, three times at most.
func Do(op func() error) error {
	var err error
	for range 3 {
		if err = op(); err == nil {
			return nil
		}
	}
	return err
}
