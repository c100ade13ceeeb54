package background

import (
	"context"
	"testing"
)

func TestX(t *testing.T) { use(context.Background()) } // tests may too
