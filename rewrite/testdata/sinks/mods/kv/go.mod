module example.com/kv

go 1.26.0
