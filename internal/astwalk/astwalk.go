// Package astwalk walks syntax trees with the stack of enclosing nodes, as
// inspector.WithStack does, without building an inspector.
//
// An inspector records two events per node before its first traversal. The
// analyzers here traverse a package once or twice, so the event list costs
// more than it saves: at 2,000 packages it was a third of ctxlint's
// allocation, and, taken from inspect.Analyzer, a third of its heap, which
// the driver keeps until the run ends.
package astwalk

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"
)

// WithStack calls f for every node of files in depth-first order, with the
// path from the file down to the node: stack[0] is the *ast.File and
// stack[len(stack)-1] is n. When f returns false, n's children are skipped.
// The stack is reused: f must copy it to keep it.
func WithStack(files []*ast.File, f func(n ast.Node, stack []ast.Node) bool) {
	stack := make([]ast.Node, 0, 32)
	visit := func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		if !f(n, stack) {
			stack = stack[:len(stack)-1]
			return false
		}
		return true
	}
	for _, file := range files {
		ast.Inspect(file, visit)
	}
}

// Enclosing returns the stack WithStack gives for target, found by
// descending only into the nodes that span it: from the *ast.File down to
// target itself. It returns nil when no file of files holds target.
//
// It suits a few nodes found without a walk, such as identifiers taken
// from types.Info.Uses; to visit many, walk once instead.
func Enclosing(files []*ast.File, target ast.Node) []ast.Node {
	pos, end := target.Pos(), target.End()
	for _, file := range files {
		if pos < file.FileStart || end > file.FileEnd {
			continue
		}
		var stack []ast.Node
		found := false
		ast.Inspect(file, func(n ast.Node) bool {
			if found || n == nil || n.Pos() > pos || n.End() < end {
				return false
			}
			stack = append(stack, n)
			if n == target {
				found = true
				return false
			}
			return true
		})
		if found {
			return stack
		}
	}
	return nil
}

// Order returns a comparison of nodes of files in the order WithStack
// visits them: file by file in the order of files, which need not be
// position order (go/packages parses files in parallel), then by position,
// an enclosing node before the nodes it holds. Nodes with the same extent,
// such as an expression statement and its call, compare equal.
func Order(files []*ast.File) func(x, y ast.Node) int {
	byStart := make([]int, len(files)) // indices of files, by position
	for i := range byStart {
		byStart[i] = i
	}
	slices.SortFunc(byStart, func(i, j int) int { return cmp.Compare(files[i].FileStart, files[j].FileStart) })
	file := func(pos token.Pos) int {
		k, found := slices.BinarySearchFunc(byStart, pos, func(i int, p token.Pos) int { return cmp.Compare(files[i].FileStart, p) })
		if !found {
			k--
		}
		if k < 0 {
			return -1
		}
		return byStart[k]
	}
	return func(x, y ast.Node) int {
		return cmp.Or(cmp.Compare(file(x.Pos()), file(y.Pos())), cmp.Compare(x.Pos(), y.Pos()), cmp.Compare(y.End(), x.End()))
	}
}

// Stmts returns the statements a block, a switch case or a select case
// holds, and false for any other node: the list a statement of theirs
// stands in.
func Stmts(n ast.Node) ([]ast.Stmt, bool) {
	switch n := n.(type) {
	case *ast.BlockStmt:
		return n.List, true
	case *ast.CaseClause:
		return n.Body, true
	case *ast.CommClause:
		return n.Body, true
	}
	return nil, false
}
