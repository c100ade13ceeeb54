module example.com/wire

go 1.26.0
