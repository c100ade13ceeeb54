// Package plugins only links other packages in: it declares nothing, and
// its path has no dot, like a standard package's.
package plugins

import _ "example.org/kube"
